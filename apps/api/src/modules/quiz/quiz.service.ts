import {
  QuizDefinitions,
  type QuizAnswerBody,
  type QuizAnswerResponse,
  type QuizBuilderResponse,
  type QuizDefinition,
  type QuizFieldsResponse,
  type QuizResponse,
} from "@serene/contracts";
import {
  goalOfAnswers,
  isCustomQuiz,
  outcomePercentage,
  QUIZ_FIELD_KINDS,
  QUIZ_SLIDER_DEFAULT,
  QUIZ_SLIDER_MAX,
  QUIZ_SLIDER_MIN,
  quizScore,
  resultBand,
  validateQuizAnswers,
} from "@serene/domain";
import { FieldErrors, invalidField, notFound } from "../../domain-errors.ts";
import { presentQuiz, presentQuizBuilder } from "./quiz.presenter.ts";
import type { QuizLeadRow, QuizRepository } from "./quiz.repository.ts";

type Answers = QuizAnswerBody["answers"];

/** Answers that fit their quiz: the quiz, the goal they chose (null without one) and their score. */
export interface CheckedAnswers {
  quiz: QuizDefinition;
  goal: string | null;
  score: number;
}

/** The quiz answer form's sliders and lists (spec 001 section 3); sliders start at 50 (section 9). */
export const ANSWER_FORM_SLIDERS = [
  "tension",
  "guilt",
  "concentration",
  "mood",
  "feel",
  "appetite",
  "energy_rate",
  "feeling_sad",
  "effects",
  "thoughts_nervous",
  "negativity",
  "worry",
  "fear_afraid",
] as const;
export const ANSWER_FORM_LISTS = [
  "emotions",
  "challenges",
  "higher_energy_levels",
  "stress",
  "sleep_habits",
  "happiness",
  "higher_motivation",
  "higher_confidence",
  "content_type",
  "goal",
] as const;

/** Who answers: the signed-in member, or nobody (then the e-mail given, if any, is kept). */
export interface QuizAnswerer {
  userId: string | null;
}

/**
 * Quizzes are content: read from content/demo/quizzes.json once, checked against the schema
 * (a broken file stops start-up), and served from memory. Answers are stored.
 */
export function createQuizService(repository: QuizRepository, shipped: unknown) {
  const quizzes: QuizDefinition[] = QuizDefinitions.parse(shipped);
  const byId = new Map(quizzes.map((quiz) => [String(quiz.id), quiz]));
  const bySlug = new Map(quizzes.map((quiz) => [quiz.slug, quiz]));
  const defaultQuiz = quizzes.find((quiz) => quiz.default) ?? quizzes.find((quiz) => quiz.type === "onboarding");
  if (!defaultQuiz) throw new Error("content/demo/quizzes.json has no onboarding quiz");

  const find = (idOrSlug: string | number) => byId.get(String(idOrSlug)) ?? bySlug.get(String(idOrSlug)) ?? null;

  /**
   * Checks answers against the quiz's own fields: 422 on `quiz` for an unknown quiz, on
   * `answers.<field>` for each answer that does not fit. Answers the quiz, the goal chosen and the score.
   */
  function checkAnswers(quizRef: string | number, answers: Answers): CheckedAnswers {
    const quiz = find(quizRef);
    if (!quiz) throw invalidField("quiz", "The selected quiz is invalid.");
    const fields = quiz.steps.map((step) => step.field);
    const problems = new FieldErrors();
    for (const problem of validateQuizAnswers(fields, answers)) problems.add(`answers.${problem.field}`, problem.message);
    problems.throwIfAny();
    return { quiz, goal: goalOfAnswers(answers), score: quizScore(fields, answers) };
  }

  return {
    /** GET /quiz: the default quiz of the platform (web). */
    defaultQuiz(): QuizResponse {
      return { data: presentQuiz(defaultQuiz) };
    },

    /** GET /quiz/web/{id}: a quiz by id or slug. */
    quiz(idOrSlug: string): QuizResponse {
      const quiz = find(idOrSlug);
      if (!quiz) throw notFound("Quiz not found.");
      return { data: presentQuiz(quiz) };
    },

    /** GET /quiz/fields. */
    fields(): QuizFieldsResponse {
      return {
        data: {
          kinds: [...QUIZ_FIELD_KINDS],
          sliders: ANSWER_FORM_SLIDERS.map((key) => ({ key, default: QUIZ_SLIDER_DEFAULT, min: QUIZ_SLIDER_MIN, max: QUIZ_SLIDER_MAX })),
          lists: [...ANSWER_FORM_LISTS],
        },
      };
    },

    /** GET /quiz-builder/{id}: the extra data of a custom quiz; 404 for an unknown or a non-custom quiz. */
    builder(idOrSlug: string): QuizBuilderResponse {
      const quiz = find(idOrSlug);
      if (!quiz || !isCustomQuiz(quiz.type) || !quiz.result) throw notFound("Quiz not found.");
      return { data: presentQuizBuilder(quiz, quiz.result) };
    },

    /** The quiz named by id or slug, or null. */
    find,

    checkAnswers,

    /**
     * POST /quiz: checks the answers against the quiz's own fields, stores them (against the member,
     * and against the lead named by `lead` or `statistic_id`), and sets a member's goal. A lead that
     * another account claimed is answered like an unknown one.
     */
    async answer(body: QuizAnswerBody, answerer: QuizAnswerer): Promise<QuizAnswerResponse> {
      const { quiz, goal, score } = checkAnswers(body.quiz, body.answers);
      let lead: QuizLeadRow | null = null;
      if (body.lead !== undefined || body.statistic_id !== undefined) {
        const field = body.lead !== undefined ? "lead" : "statistic_id";
        lead = await repository.findLead(body.lead !== undefined ? { id: body.lead } : { statisticId: body.statistic_id! });
        if (!lead || (lead.userId !== null && lead.userId !== answerer.userId)) {
          throw invalidField(field, `The selected ${field === "lead" ? "lead" : "statistic id"} is invalid.`);
        }
      }
      const userId = answerer.userId ?? lead?.userId ?? null;
      const band = quiz.result ? resultBand(quiz.result.bands, score) : null;
      const row = await repository.record(
        {
          quizId: quiz.id,
          userId,
          leadId: lead?.id ?? null,
          email: userId ? null : (lead?.email ?? body.email ?? null),
          answers: body.answers,
        },
        answerer.userId ? goal : null,
      );
      return {
        data: {
          id: row.id,
          quiz_id: quiz.id,
          goal,
          outcome_percentage: outcomePercentage(goal),
          score,
          result: band,
          checkout_id: band?.checkout_id ?? quiz.checkout_id,
        },
      };
    },
  };
}
export type QuizService = ReturnType<typeof createQuizService>;
