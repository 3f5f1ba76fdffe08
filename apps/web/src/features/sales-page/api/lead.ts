import type { LeadResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

/** The lead a /lead-checkout link names: who they are, for the greeting and the checkout. */
export interface SalesLead {
  id: string;
  name: string;
  email: string;
}

export const salesLeadKeys = {
  all: ["sales-lead"] as const,
  detail: (id: string) => [...salesLeadKeys.all, id] as const,
};

/**
 * GET /lead/{id}: the lead's name and e-mail. A missing or claimed lead (or any failure) is null:
 * the page then works as it does for a visitor.
 */
export async function getSalesLead(id: string, signal?: AbortSignal): Promise<SalesLead | null> {
  try {
    const lead = (await api.get<LeadResponse>(`lead/${encodeURIComponent(id)}`, { signal, silent: true })).data;
    return lead.registered ? null : { id: lead.id, name: lead.name, email: lead.email };
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

export const salesLeadQueryOptions = (id: string) =>
  queryOptions({ queryKey: salesLeadKeys.detail(id), queryFn: ({ signal }) => getSalesLead(id, signal), staleTime: 10 * 60_000 });

/** The lead of a /lead-checkout link; pass null when the address names none. */
export const useSalesLead = (id: string | null) => useQuery({ ...salesLeadQueryOptions(id ?? ""), enabled: id !== null });

export const prefetchSalesLead = (id: string) => queryClient.prefetchQuery(salesLeadQueryOptions(id));
