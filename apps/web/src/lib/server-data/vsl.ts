import type { Vsl } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { queryClient } from "../query-client";
import { retryUnlessRefused } from "./retry";

export type { Vsl };

/** The video-sales page (features/vsl) and the sales page's hero video (features/sales-page) read one key. */
export const vslKeys = {
  all: ["vsl"] as const,
  detail: (slug: string) => [...vslKeys.all, slug] as const,
};

/**
 * GET /vsl/{slug}: a video-sales page. The answer also sets short-lived signed cookies for its one
 * video, so asking again is how a page renews them. Failures show on the page: the call is silent.
 */
export const getVsl = (slug: string, signal?: AbortSignal): Promise<Vsl> =>
  api.get("vsl/{slug}", { params: { slug }, signal, silent: true });

export const vslQueryOptions = (slug: string) =>
  queryOptions({ queryKey: vslKeys.detail(slug), queryFn: ({ signal }) => getVsl(slug, signal), retry: retryUnlessRefused });

/** `staleTime`: the sales page's hero keeps its video for a while; the VSL page asks afresh. */
export const useVsl = (slug: string, { enabled = true, staleTime }: { enabled?: boolean; staleTime?: number } = {}) =>
  useQuery({ ...vslQueryOptions(slug), enabled, ...(staleTime === undefined ? {} : { staleTime }) });

export const prefetchVsl = (slug: string) => queryClient.prefetchQuery(vslQueryOptions(slug));
