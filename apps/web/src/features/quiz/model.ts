import { QUIZ_SLIDER_DEFAULT, QUIZ_SLIDER_MAX, QUIZ_SLIDER_MIN } from "@serene/domain";
import { STORAGE_KEYS, storage } from "../../lib/storage";
import type { StoredQuizAnswer } from "../../lib/stored-quiz-answers";
import { type Quiz, type QuizStep, type QuizGoalCopy } from "./api/quiz";

export type AnswerValue = StoredQuizAnswer;
export type Answers = Record<string, StoredQuizAnswer>;

/** What the e-mail step created: shown again by the inbox screen after a reload. */
export interface SentLead {
  email: string;
  lead: string;
  statisticId: string;
}

/**
 * A quiz in progress on this device: the step on screen (0-based; `total` is the e-mail step) and
 * the answers so far. Kept under one key per quiz slug as the person goes, so a reload resumes.
 */
export interface QuizProgress {
  step: number;
  answers: Answers;
  /** Set once the e-mail was given: the quiz then opens on the inbox screen. */
  sent?: SentLead;
}

export const progressKey = (slug: string) => `${STORAGE_KEYS.quizProgressPrefix}${slug}`;

const isAnswer = (value: unknown): value is AnswerValue =>
  typeof value === "string" ||
  (typeof value === "number" && Number.isFinite(value)) ||
  (Array.isArray(value) && value.every((entry) => typeof entry === "string"));

/** The stored progress of a quiz, checked against the quiz as it is now (a step past its end starts over). */
export function readProgress(quiz: Pick<Quiz, "slug" | "total" | "steps">): QuizProgress {
  const fresh: QuizProgress = { step: 0, answers: {} };
  const raw = storage.get(progressKey(quiz.slug));
  if (!raw) return fresh;
  try {
    const parsed = JSON.parse(raw) as Partial<QuizProgress> | null;
    if (!parsed || typeof parsed !== "object") return fresh;
    const step = typeof parsed.step === "number" && Number.isInteger(parsed.step) ? parsed.step : 0;
    if (step < 0 || step > quiz.total) return fresh;
    const keys = new Set(quiz.steps.map((entry) => entry.field.key));
    const answers: Answers = {};
    for (const [key, value] of Object.entries(parsed.answers ?? {})) if (keys.has(key) && isAnswer(value)) answers[key] = value;
    const sent = parsed.sent;
    const validSent =
      sent && typeof sent.email === "string" && typeof sent.lead === "string" && typeof sent.statisticId === "string" ? sent : undefined;
    return { step, answers, ...(validSent ? { sent: validSent } : {}) };
  } catch {
    return fresh;
  }
}

export const writeProgress = (slug: string, progress: QuizProgress) => storage.set(progressKey(slug), JSON.stringify(progress));
export const clearProgress = (slug: string) => storage.remove(progressKey(slug));

/** Spec 001: progress is a counter starting at 1 of a total; the percentage is progress*100/total. */
export function progressOf(stepIndex: number, total: number): { current: number; percent: number } {
  const current = Math.min(stepIndex + 1, total);
  return { current, percent: total > 0 ? (current * 100) / total : 0 };
}

/** A slider's value: the answer given, else the field's default, else 50 (spec 001 section 9). */
export function sliderValue(step: QuizStep, answers: Answers): number {
  const value = answers[step.field.key];
  if (typeof value === "number") return Math.min(QUIZ_SLIDER_MAX, Math.max(QUIZ_SLIDER_MIN, value));
  return step.field.default ?? QUIZ_SLIDER_DEFAULT;
}

/** The per-goal copy of the goal answered, when the quiz has some for it. */
export function goalCopyFor(goals: readonly QuizGoalCopy[] | undefined, answers: Answers): QuizGoalCopy | null {
  const goal = answers.goal;
  if (typeof goal !== "string" || !goals) return null;
  return goals.find((copy) => copy.goal === goal) ?? null;
}

/** Where a signed-in member goes after finishing: the plain results, or a custom quiz's dynamic results. */
export const resultsPath = (quiz: Pick<Quiz, "slug" | "is_custom">) =>
  quiz.is_custom ? `/quiz-dynamic-results/${encodeURIComponent(quiz.slug)}` : "/quiz-results";

/** The answers sent at the end: only the questions of the quiz, sliders that were left alone at their default. */
export function finalAnswers(quiz: Pick<Quiz, "steps">, answers: Answers): Answers {
  const result: Answers = {};
  for (const step of quiz.steps) {
    const value = step.field.kind === "range" ? sliderValue(step, answers) : answers[step.field.key];
    if (value === undefined) continue;
    if (typeof value === "string" && value.trim() === "" && step.field.kind === "text") continue;
    result[step.field.key] = value;
  }
  return result;
}
