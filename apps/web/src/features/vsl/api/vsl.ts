import type { Vsl, VslResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";

export type { Vsl };

export const vslKeys = {
  all: ["vsl"] as const,
  detail: (slug: string) => [...vslKeys.all, slug] as const,
};

export const isMissingVsl = (error: Error | null) => error instanceof ApiError && error.status === 404;
const retryUnlessRefused = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.status < 500);

/**
 * GET /vsl/{slug}: a video-sales page. The answer also sets short-lived signed cookies for its one
 * video, so asking again is how the page renews them. Failures show on the page: the call is silent.
 */
export const getVsl = async (slug: string, signal?: AbortSignal): Promise<Vsl> =>
  (await api.get<VslResponse>(`vsl/${encodeURIComponent(slug)}`, { signal, silent: true })).data;

export const vslQueryOptions = (slug: string) =>
  queryOptions({ queryKey: vslKeys.detail(slug), queryFn: ({ signal }) => getVsl(slug, signal), retry: retryUnlessRefused });

export const useVsl = (slug: string) => useQuery(vslQueryOptions(slug));

export const prefetchVsl = (slug: string) => queryClient.prefetchQuery(vslQueryOptions(slug));
