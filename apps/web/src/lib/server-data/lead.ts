import type { Lead } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { queryClient } from "../query-client";

/**
 * GET /lead/{id}: a lead (the quiz results read its goal, outcome and quiz; the /lead-checkout page
 * its name and e-mail). One key for both.
 */
export const leadKeys = {
  all: ["lead"] as const,
  detail: (id: string) => [...leadKeys.all, id] as const,
};

export const getLead = (id: string, signal?: AbortSignal): Promise<Lead> => api.get("lead/{id}", { params: { id }, signal, silent: true });

export const leadQueryOptions = (id: string) =>
  queryOptions({ queryKey: leadKeys.detail(id), queryFn: ({ signal }) => getLead(id, signal), retry: false, staleTime: 10 * 60_000 });

/** Pass null when the address names no lead. */
export const useLead = (id: string | null, enabled = true) => useQuery({ ...leadQueryOptions(id ?? ""), enabled: enabled && Boolean(id) });

export const prefetchLead = (id: string) => queryClient.prefetchQuery(leadQueryOptions(id));
