import { QUIZ_FIELD_KINDS, QUIZ_MULTI_TEXT_MAX, QUIZ_TEXT_MAX, QUIZ_TYPES } from "@serene/domain";
import { z } from "zod";
import { CacheBuster } from "./common.ts";

/** An option of a select or multi select field: its key is what an answer sends, its label what people read. */
export const QuizOption = z
  .object({ key: z.string().min(1).max(64), label: z.string().min(1), score: z.number().int().optional() })
  .meta({ id: "QuizOption" });

export const QuizField = z
  .object({
    key: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/),
    kind: z.enum(QUIZ_FIELD_KINDS),
    options: z.array(QuizOption).min(1).optional(),
    /** range only: where the slider starts. */
    default: z.number().int().min(0).max(100).optional(),
  })
  .meta({ id: "QuizField" });
export type QuizField = z.infer<typeof QuizField>;

export const QuizStep = z
  .object({ key: z.string().min(1), question: z.string().min(1), hint: z.string().optional(), field: QuizField })
  .meta({ id: "QuizStep" });

/** The copy a result screen shows for one goal (spec 001: title, subtitle, question, answer key, model key). */
export const QuizGoalCopy = z
  .object({
    goal: z.string().min(1),
    title: z.string().min(1),
    subtitle: z.string().min(1),
    question: z.string().min(1),
    answer_key: z.string().min(1),
    model_key: z.string().min(1),
  })
  .meta({ id: "QuizGoalCopy" });

export const QuizResultBand = z
  .object({
    min: z.number().int(),
    max: z.number().int(),
    title: z.string().min(1),
    copy: z.string().min(1),
    checkout_id: z.number().int().positive(),
  })
  .meta({ id: "QuizResultBand" });

/** A whole quiz definition as content/demo/quizzes.json ships it. */
export const QuizDefinition = z.object({
  id: z.number().int().positive(),
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/),
  type: z.enum(QUIZ_TYPES),
  platform: z.literal("web"),
  /** The quiz GET /quiz answers with. */
  default: z.boolean().optional(),
  title: z.string().min(1),
  intro: z.string().min(1),
  steps: z.array(QuizStep).min(1),
  goals: z.array(QuizGoalCopy),
  result: z.object({ bands: z.array(QuizResultBand).min(1) }).optional(),
  checkout_id: z.number().int().positive(),
});
export type QuizDefinition = z.infer<typeof QuizDefinition>;
export const QuizDefinitions = z.array(QuizDefinition);

/** A quiz as the quiz screens read it: its questions, not its result rules. */
export const Quiz = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    type: z.enum(QUIZ_TYPES),
    title: z.string(),
    intro: z.string(),
    /** True for the types that load extra data from GET /quiz-builder/{id}. */
    is_custom: z.boolean(),
    total: z.number().int(),
    steps: z.array(QuizStep),
    /** The per-goal copy the results screen shows (title and subtitle of the goal answered). */
    goals: z.array(QuizGoalCopy),
  })
  .meta({ id: "Quiz" });
export const QuizResponse = z.object({ data: Quiz });
export type QuizResponse = z.infer<typeof QuizResponse>;

export const QuizQuery = CacheBuster.extend({ platform: z.enum(["web"]).default("web") });
export const QuizIdParams = z.object({ id: z.string() });

/** The field kinds, and the quiz answer form's sliders and lists with their defaults (spec 001 sections 3 and 9). */
export const QuizFieldsResponse = z.object({
  data: z.object({
    kinds: z.array(z.enum(QUIZ_FIELD_KINDS)),
    sliders: z.array(z.object({ key: z.string(), default: z.number().int(), min: z.number().int(), max: z.number().int() })),
    lists: z.array(z.string()),
  }),
});
export type QuizFieldsResponse = z.infer<typeof QuizFieldsResponse>;

/** The extra data of a custom quiz. */
export const QuizBuilderResponse = z.object({
  data: z
    .object({
      id: z.number().int(),
      slug: z.string(),
      type: z.enum(QUIZ_TYPES),
      checkout_id: z.number().int(),
      goals: z.array(QuizGoalCopy),
      result: z.object({
        bands: z.array(QuizResultBand),
        /**
         * The scored fields (options with their scores): with them the dynamic result screen computes
         * the score of the answers kept on the device by the same rule as the server (quizScore, resultBand).
         */
        fields: z.array(QuizField),
      }),
    })
    .meta({ id: "QuizBuilder" }),
});
export type QuizBuilderResponse = z.infer<typeof QuizBuilderResponse>;

const AnswerValue = z.union([z.string().max(QUIZ_TEXT_MAX), z.number(), z.array(z.string().max(QUIZ_TEXT_MAX)).max(QUIZ_MULTI_TEXT_MAX)]);

export const QuizAnswerBody = z.object({
  /** The quiz answered: its id or slug. */
  quiz: z.union([z.number().int().positive(), z.string().min(1).max(64)]),
  answers: z
    .record(z.string().min(1).max(64), AnswerValue)
    .refine((answers) => Object.keys(answers).length <= 64, "The answers field may hold at most 64 answers."),
  /** An anonymous person's e-mail, kept with the answers; ignored when signed in. */
  email: z.email({ error: "The email field must be a valid email address." }).max(254).optional(),
  isQuizCompleted: z.boolean().optional(),
  /** The lead these answers belong to (POST /lead answered its id): the answers are stored against it. */
  lead: z.uuid({ error: "The selected lead is invalid." }).optional(),
  /** The same, named by the lead's statistic id (from its sign-up link). */
  statistic_id: z.string().min(1).max(128).optional(),
});
export type QuizAnswerBody = z.infer<typeof QuizAnswerBody>;

export const QuizAnswerResponse = z.object({
  data: z
    .object({
      id: z.string(),
      quiz_id: z.number().int(),
      goal: z.string().nullable(),
      /** The share of people with this goal who reported progress (spec 001), null without a goal. */
      outcome_percentage: z.number().int().nullable(),
      score: z.number().int(),
      /** The band of a custom quiz's result rules, null for the onboarding quiz. */
      result: QuizResultBand.nullable(),
      checkout_id: z.number().int(),
    })
    .meta({ id: "QuizAnswerResult" }),
});
export type QuizAnswerResponse = z.infer<typeof QuizAnswerResponse>;
