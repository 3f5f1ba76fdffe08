import type { QuizBuilderResponse, QuizDefinition, QuizResponse } from "@serene/contracts";
import { isCustomQuiz } from "@serene/domain";

/** A quiz as the quiz screens read it: questions and progress total, without result rules or option scores. */
export function presentQuiz(quiz: QuizDefinition): QuizResponse["data"] {
  return {
    id: quiz.id,
    slug: quiz.slug,
    type: quiz.type,
    title: quiz.title,
    intro: quiz.intro,
    is_custom: isCustomQuiz(quiz.type),
    total: quiz.steps.length,
    goals: quiz.goals,
    // Option scores are result rules: they stay on the server.
    steps: quiz.steps.map((step) => ({
      ...step,
      field: { ...step.field, options: step.field.options?.map(({ key, label }) => ({ key, label })) },
    })),
  };
}

/** The extra data of a custom quiz: checkout, per-goal copy, result bands and the scored fields the bands apply to. */
export function presentQuizBuilder(quiz: QuizDefinition, result: NonNullable<QuizDefinition["result"]>): QuizBuilderResponse["data"] {
  const fields = quiz.steps.map((step) => step.field).filter((field) => field.options?.some((option) => option.score !== undefined));
  return { id: quiz.id, slug: quiz.slug, type: quiz.type, checkout_id: quiz.checkout_id, goals: quiz.goals, result: { ...result, fields } };
}
