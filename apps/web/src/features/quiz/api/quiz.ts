import type { QueryClient } from "@tanstack/react-query";
import { queryClient } from "../../../lib/query-client";
import { quizKeys, type Quiz } from "../../../lib/server-data/quiz";

export {
  prefetchQuiz,
  prefetchQuizBuilder,
  useQuiz,
  useQuizBuilder,
  type Quiz,
  type QuizGoalCopy,
  type QuizSource,
  type QuizStep,
} from "../../../lib/server-data/quiz";
export { isNotFound as isMissingQuiz } from "../../../lib/server-data/retry";

/** The id of the script element that carries the prerendered quiz (JSON) inside the page /quiz is served with. */
export const PRERENDERED_QUIZ_ID = "prerendered-quiz";

/** Puts the onboarding quiz in a query cache (the prerender's, or the app's from the prerendered page). */
export const seedOnboardingQuiz = (client: QueryClient, quiz: Quiz) => client.setQueryData(quizKeys.detail({ kind: "onboarding" }), quiz);

/**
 * On a prerendered /quiz the quiz came with the page: it goes into the cache before the app
 * renders, so the app shows the same question at once instead of waiting for GET /quiz.
 */
export function seedPrerenderedQuiz(): boolean {
  if (queryClient.getQueryData(quizKeys.detail({ kind: "onboarding" }))) return true;
  const element = typeof document === "undefined" ? null : document.getElementById(PRERENDERED_QUIZ_ID);
  if (!element?.textContent) return false;
  try {
    const quiz = JSON.parse(element.textContent) as Quiz;
    if (!quiz || !Array.isArray(quiz.steps) || quiz.steps.length === 0) return false;
    seedOnboardingQuiz(queryClient, quiz);
    return true;
  } catch {
    return false;
  }
}
