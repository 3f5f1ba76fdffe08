import type { Lead, QuizDefinition } from "@serene/contracts";
import { goalOfAnswers, outcomePercentage } from "@serene/domain";
import type { LeadAnswersRow, LeadRow } from "./leads.repository.ts";

/** A lead as GET /lead/{id} answers it: its newest answers, the quiz they belong to, the goal and its outcome percentage. */
export function presentLead(lead: LeadRow, answers: LeadAnswersRow | null, quiz: QuizDefinition | null): Lead {
  const goal = goalOfAnswers(answers?.answers);
  return {
    id: lead.id,
    statistic_id: lead.statisticId,
    email: lead.email,
    name: lead.name,
    quiz_id: answers?.quizId ?? null,
    quiz_slug: quiz?.slug ?? null,
    answers: answers?.answers ?? {},
    goal,
    outcome_percentage: outcomePercentage(goal),
    registered: lead.userId !== null,
    created_at: lead.createdAt.toISOString(),
    updated_at: lead.updatedAt.toISOString(),
  };
}
