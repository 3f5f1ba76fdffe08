import type { QuizBuilderResponse, QuizResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { queryClient } from "../query-client";
import { retryUnlessRefused } from "./retry";

export type Quiz = QuizResponse["data"];
export type QuizStep = Quiz["steps"][number];
export type QuizBuilder = QuizBuilderResponse["data"];
export type QuizGoalCopy = QuizBuilder["goals"][number];

/** Where a quiz comes from: the onboarding quiz (GET /quiz) or a custom quiz by its slug (GET /quiz/web/{slug}). */
export type QuizSource = { kind: "onboarding" } | { kind: "custom"; slug: string };

/** A quiz's source from a slug: null is the onboarding quiz. */
export const quizSource = (slug: string | null): QuizSource => (slug ? { kind: "custom", slug } : { kind: "onboarding" });

/**
 * The quiz (the quiz screens ask its questions, the result pages its per-goal copy) and its
 * builder data (per-goal copy, checkout and result rules): one key each, read by both features.
 */
export const quizKeys = {
  all: ["quiz"] as const,
  /** The onboarding quiz is "default" (GET /quiz answers with the platform's default quiz). */
  detail: (source: QuizSource) => [...quizKeys.all, source.kind === "onboarding" ? "default" : source.slug] as const,
};

export const quizBuilderKeys = {
  all: ["quiz-builder"] as const,
  detail: (slug: string) => [...quizBuilderKeys.all, slug] as const,
};

/** GET /quiz?platform=web or GET /quiz/web/{slug}. Failures show on the page, so the call is silent. */
export const getQuiz = (source: QuizSource, signal?: AbortSignal): Promise<Quiz> =>
  source.kind === "onboarding"
    ? api.get("quiz", { signal, silent: true, query: { platform: "web" } })
    : api.get("quiz/web/{slug}", { params: { slug: source.slug }, signal, silent: true });

/** The quiz is loaded once: every step after that is on the page already. */
export const quizQueryOptions = (source: QuizSource) =>
  queryOptions({
    queryKey: quizKeys.detail(source),
    queryFn: ({ signal }) => getQuiz(source, signal),
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });

export const useQuiz = (source: QuizSource, { enabled = true, retry = true }: { enabled?: boolean; retry?: boolean } = {}) =>
  useQuery({ ...quizQueryOptions(source), enabled, ...(retry ? {} : { retry: false }) });

/** Starts loading the quiz while the page's code is on its way (the router calls it). */
export const prefetchQuiz = (source: QuizSource) => queryClient.prefetchQuery(quizQueryOptions(source));

/** GET /quiz-builder/{slug}: a custom quiz's extra data; a nicety for the questions, so a failure is quiet. */
export const getQuizBuilder = (slug: string, signal?: AbortSignal): Promise<QuizBuilder> =>
  api.get("quiz-builder/{slug}", { params: { slug }, signal, silent: true });

export const quizBuilderQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: quizBuilderKeys.detail(slug),
    queryFn: ({ signal }) => getQuizBuilder(slug, signal),
    staleTime: Infinity,
    retry: false,
  });

/** Pass null when the quiz has no slug (the onboarding quiz has no builder data). */
export const useQuizBuilder = (slug: string | null) => useQuery({ ...quizBuilderQueryOptions(slug ?? ""), enabled: Boolean(slug) });

export const prefetchQuizBuilder = (slug: string) => queryClient.prefetchQuery(quizBuilderQueryOptions(slug));
