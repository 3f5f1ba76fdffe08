import type { QuizBuilderResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const quizBuilderKeys = {
  // Its own key: the quiz screens keep the same call unwrapped under ["quiz-builder", slug].
  all: ["quiz-result-rules"] as const,
  quiz: (slug: string) => [...quizBuilderKeys.all, slug] as const,
};

/** GET /quiz-builder/{slug}: a custom quiz's result rules (bands and scored fields), checkout and per-goal copy. */
export const getQuizBuilder = (slug: string, signal?: AbortSignal) =>
  api.get<QuizBuilderResponse>(`quiz-builder/${encodeURIComponent(slug)}`, { signal, silent: true });

export const quizBuilderQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: quizBuilderKeys.quiz(slug),
    queryFn: ({ signal }) => getQuizBuilder(slug, signal),
    staleTime: Infinity,
    retry: false,
  });

export const useQuizBuilder = (slug: string) => useQuery(quizBuilderQueryOptions(slug));
