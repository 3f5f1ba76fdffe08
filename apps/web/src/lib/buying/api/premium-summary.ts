import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api-client";

/** GET /premium-summary: what Premium opens, counted from the catalogue (decision 049). */
export const getPremiumSummary = (signal?: AbortSignal) => api.get("premium-summary", { signal, silent: true });

export const premiumSummaryKeys = {
  summary: () => ["premium-summary"] as const,
};

/** The catalogue changes rarely: one answer serves a visit. */
export const premiumSummaryQueryOptions = () =>
  queryOptions({ queryKey: premiumSummaryKeys.summary(), queryFn: ({ signal }) => getPremiumSummary(signal), staleTime: 10 * 60_000 });

export const usePremiumSummary = (enabled = true) => useQuery({ ...premiumSummaryQueryOptions(), enabled });
