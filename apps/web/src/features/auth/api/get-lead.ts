import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * GET /api/v1/lead/statistic/{statistic_id}: the name and e-mail of a pre-registered lead. An
 * unknown id is quiet: the page falls back to the ordinary registration form.
 */
export const getLead = (statisticId: string, signal?: AbortSignal) =>
  api.get("lead/statistic/{statisticId}", { params: { statisticId }, signal, silent: true });

export const leadKeys = {
  statistic: (statisticId: string) => ["lead", statisticId] as const,
};

export const leadQueryOptions = (statisticId: string) =>
  queryOptions({ queryKey: leadKeys.statistic(statisticId), queryFn: ({ signal }) => getLead(statisticId, signal), retry: false });

export const useLead = (statisticId: string | null) => useQuery({ ...leadQueryOptions(statisticId ?? ""), enabled: Boolean(statisticId) });
