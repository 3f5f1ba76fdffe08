import { readQuizForm, storage, STORAGE_KEYS } from "./storage";

/** One answer as the quiz screens keep it: an option key, a slider value, or a list. */
export type StoredQuizAnswer = string | number | string[];

export interface StoredQuizAnswers {
  answers: Record<string, StoredQuizAnswer>;
  /** The step the person was on (a reload resumes there). */
  step: number;
}

/** The local-storage key of a quiz's answers: one per quiz slug, so two quizzes never mix. */
export const quizAnswersKey = (slug: string) => `${STORAGE_KEYS.quizAnswersPrefix}${slug}`;

/** Keeps a finished quiz's answers on this device, for its results screen and the paywall's dynamic check. */
export function writeStoredQuizAnswers(slug: string, answers: StoredQuizAnswers["answers"], step: number) {
  storage.set(quizAnswersKey(slug), JSON.stringify({ answers, step } satisfies StoredQuizAnswers));
}

const isAnswer = (value: unknown): value is StoredQuizAnswer =>
  typeof value === "string" ||
  (typeof value === "number" && Number.isFinite(value)) ||
  (Array.isArray(value) && value.every((entry) => typeof entry === "string"));

/**
 * The answers kept on this device for a quiz, read defensively: anything that is not an answer is
 * left out, and a missing or broken entry reads as null.
 */
export function readStoredQuizAnswers(slug: string | null | undefined): StoredQuizAnswers | null {
  if (!slug) return null;
  const raw = storage.get(quizAnswersKey(slug));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const { answers, step } = parsed as { answers?: unknown; step?: unknown };
    if (!answers || typeof answers !== "object" || Array.isArray(answers)) return null;
    const kept = Object.fromEntries(Object.entries(answers).filter(([, value]) => isAnswer(value))) as StoredQuizAnswers["answers"];
    return { answers: kept, step: typeof step === "number" && Number.isInteger(step) ? step : 0 };
  } catch {
    return null;
  }
}

/**
 * The quiz data of the quiz in progress (spec 000 section 4): the quiz form with the slug and the
 * answers kept for that slug. Null when there is none, or no answer was given.
 */
export function readQuizData(): { slug: string; isCustomQuiz: boolean; answers: StoredQuizAnswers["answers"] } | null {
  const form = readQuizForm();
  const slug = typeof form?.slug === "string" ? form.slug : null;
  const stored = readStoredQuizAnswers(slug);
  if (!slug || !stored || Object.keys(stored.answers).length === 0) return null;
  return { slug, isCustomQuiz: form?.isCustomQuiz === true, answers: stored.answers };
}

/** The funnel of the quiz form kept on this device, for the funnel events of later screens. */
export function storedFunnel(): string | null {
  const form = readQuizForm();
  if (typeof form?.funnel === "string" && form.funnel) return form.funnel;
  return null;
}
