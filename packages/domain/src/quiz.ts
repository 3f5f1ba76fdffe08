/**
 * Quizzes: the vocabulary of a quiz definition (content/demo/quizzes.json), the check of a set of
 * answers against the quiz's own fields, the result band of a score and the outcome percentage
 * shown for a goal. Pure functions; the API and the web app share them.
 */

/** The five field kinds of a quiz or workbook (spec 001 section 3). */
export const QUIZ_FIELD_KINDS = ["multi select", "multi text", "text", "select", "range"] as const;
export type QuizFieldKind = (typeof QUIZ_FIELD_KINDS)[number];

/** Quiz types: the onboarding quiz, the two custom types of spec 001, and the single-question and member variants. */
export const QUIZ_TYPES = ["onboarding", "Lead Quiz", "Direct Sales", "single", "user"] as const;
export type QuizType = (typeof QUIZ_TYPES)[number];

/** The goals a member can choose, with the labels spec 001 gives them. */
export const QUIZ_GOALS = {
  REDUCE_STRESS: "Reduce Anxiety & Panic",
  INCREASE_HAPPINESS: "Stop Depression",
  INCREASE_ENERGY: "Stop Procrastination",
  INCREASE_CONFIDENCE: "Overcome Breakup",
  INCREASE_MOTIVATION: "ADHD",
  SLEEP_BETTER: "Sleep Better",
} as const;
export type QuizGoal = keyof typeof QUIZ_GOALS;

/** Sliders of the answer form start here (spec 001 section 9). */
export const QUIZ_SLIDER_DEFAULT = 50;
export const QUIZ_SLIDER_MIN = 0;
export const QUIZ_SLIDER_MAX = 100;
/** Longest accepted text answer, and most entries of a multi text answer. */
export const QUIZ_TEXT_MAX = 500;
export const QUIZ_MULTI_TEXT_MAX = 20;

export interface QuizOption {
  key: string;
  label: string;
  /** What choosing it adds to the quiz's score (custom quizzes with result bands). */
  score?: number;
}

export interface QuizField {
  key: string;
  kind: QuizFieldKind;
  /** select and multi select only. */
  options?: QuizOption[];
  /** range only: where the slider starts. */
  default?: number;
}

/** A score band of a custom quiz: scores from min to max (inclusive) get this copy and checkout. */
export interface QuizResultBand {
  min: number;
  max: number;
  title: string;
  copy: string;
  checkout_id: number;
}

export type QuizAnswerValue = string | number | string[];
export type QuizAnswers = Record<string, unknown>;

/** One problem with one answer, named by its field key. */
export interface QuizAnswerProblem {
  field: string;
  message: string;
}

/** The problem with one answer, or null when it fits its field. */
function checkAnswer(field: QuizField, value: unknown): string | null {
  const keys = new Set((field.options ?? []).map((option) => option.key));
  switch (field.kind) {
    case "range":
      if (typeof value !== "number" || !Number.isFinite(value)) return "must be a number.";
      if (value < QUIZ_SLIDER_MIN || value > QUIZ_SLIDER_MAX) return `must be between ${QUIZ_SLIDER_MIN} and ${QUIZ_SLIDER_MAX}.`;
      return null;
    case "text":
      if (typeof value !== "string") return "must be text.";
      return value.length > QUIZ_TEXT_MAX ? `may not be longer than ${QUIZ_TEXT_MAX} characters.` : null;
    case "select":
      if (typeof value !== "string") return "must be one of its options.";
      return keys.has(value) ? null : "is not one of its options.";
    case "multi select":
      if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string")) return "must be a list of its options.";
      if (value.some((entry) => !keys.has(entry as string))) return "has a choice that is not one of its options.";
      return new Set(value).size === value.length ? null : "names an option twice.";
    case "multi text":
      if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string")) return "must be a list of texts.";
      if (value.length > QUIZ_MULTI_TEXT_MAX) return `may hold at most ${QUIZ_MULTI_TEXT_MAX} entries.`;
      return value.some((entry) => (entry as string).length > QUIZ_TEXT_MAX)
        ? `entries may not be longer than ${QUIZ_TEXT_MAX} characters.`
        : null;
  }
}

/**
 * Checks answers against a quiz's own fields: every answered key must be a field of the quiz, of
 * the right kind, choosing only its options, sliders within 0–100. Unanswered fields are allowed
 * (a person may skip a question). Returns the problems, in the order of the answers; empty when all fit.
 */
export function validateQuizAnswers(fields: readonly QuizField[], answers: QuizAnswers): QuizAnswerProblem[] {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const problems: QuizAnswerProblem[] = [];
  for (const [key, value] of Object.entries(answers)) {
    const field = byKey.get(key);
    if (!field) {
      problems.push({ field: key, message: `The ${key} field is not a question of this quiz.` });
      continue;
    }
    const problem = checkAnswer(field, value);
    if (problem) problems.push({ field: key, message: `The ${key} field ${problem}` });
  }
  return problems;
}

/** The score of answers that already fit their fields: the sum of the scores of the chosen options (sliders add nothing). */
export function quizScore(fields: readonly QuizField[], answers: QuizAnswers): number {
  let score = 0;
  for (const field of fields) {
    const value = answers[field.key];
    if (value === undefined) continue;
    if (field.kind === "range") continue;
    const chosen = Array.isArray(value) ? value : [value];
    for (const option of field.options ?? []) if (option.score !== undefined && chosen.includes(option.key)) score += option.score;
  }
  return score;
}

/** The band a score falls in (bands are inclusive at both ends), or null when none covers it. */
export function resultBand<B extends Pick<QuizResultBand, "min" | "max">>(bands: readonly B[], score: number): B | null {
  return bands.find((band) => score >= band.min && score <= band.max) ?? null;
}

/**
 * The outcome percentages spec 001 states per goal, both variants. The result screen shows the
 * first (`OUTCOME_PERCENTAGE`); the second stays for an A/B test of the wording.
 */
export const OUTCOME_PERCENTAGE_VARIANTS: Record<QuizGoal, readonly [number, number]> = {
  INCREASE_ENERGY: [87, 90],
  INCREASE_MOTIVATION: [88, 89],
  SLEEP_BETTER: [90, 87],
  REDUCE_STRESS: [91, 92],
  INCREASE_CONFIDENCE: [92, 94],
  INCREASE_HAPPINESS: [93, 94],
};

/** The percentage of people with this goal who reported progress, as shown on the result screen; null for an unknown goal. */
export function outcomePercentage(goal: string | null | undefined, variant: 0 | 1 = 0): number | null {
  if (!goal || !(goal in OUTCOME_PERCENTAGE_VARIANTS)) return null;
  return OUTCOME_PERCENTAGE_VARIANTS[goal as QuizGoal][variant];
}

/** Whether a quiz type loads the extra custom data (result rules, checkout, per-goal copy): spec 001 names 'Lead Quiz' and 'Direct Sales'. */
export function isCustomQuiz(type: string): boolean {
  return type === "Lead Quiz" || type === "Direct Sales" || type === "single" || type === "user";
}

/** Whether a value is one of the six goal keys. */
export function isQuizGoal(value: unknown): value is QuizGoal {
  return typeof value === "string" && Object.hasOwn(QUIZ_GOALS, value);
}

/** The goal a set of answers chose (the `goal` answer when it is one of the goal keys), else null. */
export function goalOfAnswers(answers: Readonly<Record<string, unknown>> | null | undefined): QuizGoal | null {
  const goal = answers?.goal;
  return isQuizGoal(goal) ? goal : null;
}

/**
 * Where a lead's e-mailed links land: the result of the quiz they took, and the offer of that
 * result. A custom quiz (one with score bands) lands on its own result page and the checkout of
 * the band the score falls in (else the quiz's own checkout); any other quiz on the shared result
 * screen and `defaultCheckoutId`.
 */
export function leadLanding(
  quiz: { slug: string; type: string; checkout_id?: number | null; result?: { bands: readonly QuizResultBand[] } | null } | null,
  score: number,
  defaultCheckoutId: number,
): { resultPath: string; checkoutId: number } {
  if (!quiz || !isCustomQuiz(quiz.type) || !quiz.result) return { resultPath: "/quiz-results", checkoutId: defaultCheckoutId };
  const band = resultBand(quiz.result.bands, score);
  return {
    resultPath: `/quiz-dynamic-results/${encodeURIComponent(quiz.slug)}`,
    checkoutId: band?.checkout_id ?? quiz.checkout_id ?? defaultCheckoutId,
  };
}
