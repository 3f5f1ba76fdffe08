import type { QuizBuilderResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

export type QuizBuilder = QuizBuilderResponse["data"];
export type QuizGoalCopy = QuizBuilder["goals"][number];

export const quizBuilderKeys = {
  all: ["quiz-builder"] as const,
  detail: (slug: string) => [...quizBuilderKeys.all, slug] as const,
};

/**
 * GET /quiz-builder/{slug}: the extra data of a custom quiz (its per-goal copy, checkout and result
 * rules). Only a nicety for the questions (the per-goal copy), so a failure is quiet.
 */
export const getQuizBuilder = async (slug: string, signal?: AbortSignal): Promise<QuizBuilder> =>
  (await api.get<QuizBuilderResponse>(`quiz-builder/${encodeURIComponent(slug)}`, { signal, silent: true })).data;

export const quizBuilderQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: quizBuilderKeys.detail(slug),
    queryFn: ({ signal }) => getQuizBuilder(slug, signal),
    staleTime: Infinity,
    retry: false,
  });

export const useQuizBuilder = (slug: string | null) => useQuery({ ...quizBuilderQueryOptions(slug ?? ""), enabled: Boolean(slug) });

export const prefetchQuizBuilder = (slug: string) => queryClient.prefetchQuery(quizBuilderQueryOptions(slug));
