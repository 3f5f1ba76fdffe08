import type { QuizResponse } from "@serene/contracts";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

export type Quiz = QuizResponse["data"];
export type QuizStep = Quiz["steps"][number];

/** Where a quiz comes from: the onboarding quiz (GET /quiz) or a custom quiz by its slug (GET /quiz/web/{slug}). */
export type QuizSource = { kind: "onboarding" } | { kind: "custom"; slug: string };

export const quizKeys = {
  all: ["quiz"] as const,
  /** The onboarding quiz is "default" (GET /quiz answers with the platform's default quiz). */
  detail: (source: QuizSource) => [...quizKeys.all, source.kind === "onboarding" ? "default" : source.slug] as const,
};

/** A quiz that is not there (an unknown slug) is not asked for again; the page says so kindly. */
export const isMissingQuiz = (error: Error | null) => error instanceof ApiError && error.status === 404;
const retryUnlessRefused = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.status < 500);

/** GET /quiz?platform=web: the onboarding quiz. Failures show on the page, so the call is silent. */
export const getOnboardingQuiz = async (signal?: AbortSignal): Promise<Quiz> =>
  (await api.get<QuizResponse>("quiz", { signal, silent: true, query: { platform: "web" } })).data;

/** GET /quiz/web/{slug}: a custom quiz by its slug (or id). */
export const getQuiz = async (slug: string, signal?: AbortSignal): Promise<Quiz> =>
  (await api.get<QuizResponse>(`quiz/web/${encodeURIComponent(slug)}`, { signal, silent: true })).data;

export const quizQueryOptions = (source: QuizSource) =>
  queryOptions({
    queryKey: quizKeys.detail(source),
    queryFn: ({ signal }) => (source.kind === "onboarding" ? getOnboardingQuiz(signal) : getQuiz(source.slug, signal)),
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });

/** The quiz is loaded once: every step after that is on the page already. */
export const useQuiz = (source: QuizSource) => useQuery(quizQueryOptions(source));

/** Starts loading the quiz while the page's code is on its way (the router calls it). */
export const prefetchQuiz = (source: QuizSource) => queryClient.prefetchQuery(quizQueryOptions(source));

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
