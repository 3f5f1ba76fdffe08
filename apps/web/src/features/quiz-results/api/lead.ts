import type { LeadResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const leadKeys = {
  all: ["lead"] as const,
  detail: (id: string) => [...leadKeys.all, id] as const,
};

/** GET /lead/{id}: the lead the e-mailed sign-in link names (its goal, outcome percentage and quiz). */
export const getLead = (id: string, signal?: AbortSignal) =>
  api.get<LeadResponse>(`lead/${encodeURIComponent(id)}`, { signal, silent: true });

export const leadQueryOptions = (id: string) =>
  queryOptions({ queryKey: leadKeys.detail(id), queryFn: ({ signal }) => getLead(id, signal), retry: false });

export const useLead = (id: string | null, enabled: boolean) =>
  useQuery({ ...leadQueryOptions(id ?? ""), enabled: enabled && Boolean(id) });
