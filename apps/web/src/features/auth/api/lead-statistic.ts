import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * GET /api/v1/lead/statistic/{statistic_id}: the name and e-mail of a pre-registered lead. An
 * unknown id is quiet: the page falls back to the ordinary registration form. Its keys are its own
 * (`["lead-statistic", id]`), apart from where a lead's detail is kept (lib/server-data/lead.ts, `["lead", id]`).
 */
export const getLeadStatistic = (statisticId: string, signal?: AbortSignal) =>
  api.get("lead/statistic/{statisticId}", { params: { statisticId }, signal, silent: true });

export const leadStatisticKeys = {
  detail: (statisticId: string) => ["lead-statistic", statisticId] as const,
};

export const leadStatisticQueryOptions = (statisticId: string) =>
  queryOptions({
    queryKey: leadStatisticKeys.detail(statisticId),
    queryFn: ({ signal }) => getLeadStatistic(statisticId, signal),
    retry: false,
  });

export const useLeadStatistic = (statisticId: string | null) =>
  useQuery({ ...leadStatisticQueryOptions(statisticId ?? ""), enabled: Boolean(statisticId) });
