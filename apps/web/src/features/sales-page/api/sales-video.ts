import type { Vsl, VslResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { retryUnlessRefused } from "./shared";

/**
 * GET /vsl/{slug}: the hero's video. The answer also sets short-lived signed cookies for the video,
 * so asking again is how the hero renews them. A failure leaves the hero without its video.
 */
export const getSalesVideo = async (slug: string, signal?: AbortSignal): Promise<Vsl> =>
  (await api.get<VslResponse>(`vsl/${encodeURIComponent(slug)}`, { signal, silent: true })).data;

export const salesVideoQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["sales-video", slug] as const,
    queryFn: ({ signal }) => getSalesVideo(slug, signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });

/** Asked for only once the visitor presses play: the page's first paint never waits on the video. */
export const useSalesVideo = (slug: string, enabled: boolean) => useQuery({ ...salesVideoQueryOptions(slug), enabled });
