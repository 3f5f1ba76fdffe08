import type { QuizResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const quizCopyKeys = {
  // Its own key: the quiz screens keep the same call unwrapped under ["quiz", slug].
  all: ["quiz-result-copy"] as const,
  /** null: the default (onboarding) quiz of GET /quiz. */
  quiz: (slug: string | null) => [...quizCopyKeys.all, slug ?? "default"] as const,
};

/** GET /quiz/web/{slug}, or GET /quiz for the default quiz: the quiz with its per-goal copy. */
export const getQuiz = (slug: string | null, signal?: AbortSignal) =>
  slug
    ? api.get<QuizResponse>(`quiz/web/${encodeURIComponent(slug)}`, { signal, silent: true })
    : api.get<QuizResponse>("quiz", { signal, silent: true, query: { platform: "web" } });

export const quizCopyQueryOptions = (slug: string | null) =>
  queryOptions({ queryKey: quizCopyKeys.quiz(slug), queryFn: ({ signal }) => getQuiz(slug, signal), staleTime: Infinity, retry: false });

/** A failed load leaves the result with its plain wording (the copy is a nicety, the result is not). */
export const useQuizCopy = (slug: string | null, enabled: boolean) => useQuery({ ...quizCopyQueryOptions(slug), enabled });
