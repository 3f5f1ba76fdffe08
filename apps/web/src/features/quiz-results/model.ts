import { QUIZ_GOALS, type QuizGoal } from "@serene/domain";
import { readStoredQuizAnswers, storedFunnel, type StoredQuizAnswers } from "../../lib/stored-quiz-answers";
import { readQuizForm } from "../../lib/storage";

/** A goal key of spec 001, or null: an answer may hold it as the option key or as a one-item list. */
export function goalOf(answer: unknown): QuizGoal | null {
  const value = Array.isArray(answer) ? answer[0] : answer;
  return typeof value === "string" && value in QUIZ_GOALS ? (value as QuizGoal) : null;
}

/** What this device knows of the last quiz: its slug, the answers kept for it, the goal answered and its funnel. */
export interface LocalQuiz {
  slug: string;
  answers: StoredQuizAnswers["answers"];
  goal: QuizGoal | null;
  funnel: string;
  isCustomQuiz: boolean;
}

/** The quiz form's quiz and the answers kept for it on this device; null without either. */
export function readLocalQuiz(): LocalQuiz | null {
  const form = readQuizForm();
  const slug = typeof form?.slug === "string" && form.slug ? form.slug : null;
  const stored = readStoredQuizAnswers(slug);
  if (!slug || !stored) return null;
  return {
    slug,
    answers: stored.answers,
    goal: goalOf(stored.answers.goal),
    funnel: storedFunnel() ?? slug,
    isCustomQuiz: form?.isCustomQuiz === true,
  };
}

/** The answers kept for one quiz (the dynamic result names its quiz in the address). */
export function readAnswersFor(slug: string): StoredQuizAnswers["answers"] | null {
  const stored = readStoredQuizAnswers(slug);
  return stored && Object.keys(stored.answers).length > 0 ? stored.answers : null;
}

/** Where a custom quiz is taken, by its type (the routes of spec 000 section 2). */
export function quizPath(type: string | undefined, slug: string): string {
  const path = type === "single" ? "single-quiz" : type === "user" ? "user-quiz" : "lead-quiz";
  return `/${path}/${encodeURIComponent(slug)}`;
}

/** The paywall with the quiz-finished action (InformIntent), and for a dynamic result its band's checkout and the dynamic flag. */
export function planPath(checkoutId?: number | null): string {
  return checkoutId ? `/subscription/${checkoutId}?dynamic=1&action=quiz` : "/subscription?action=quiz";
}
