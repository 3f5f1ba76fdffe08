import type { LandingPage } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { retryUnlessRefused } from "../../../lib/server-data/retry";

export const landingPageKeys = {
  all: ["lp"] as const,
  detail: (lp: string) => [...landingPageKeys.all, lp] as const,
};

/** GET /lp/{lp}: a campaign's page copy (its own blocks in place), theme, title and checkout. */
export const getLandingPage = async (lp: string, signal?: AbortSignal): Promise<LandingPage> =>
  await api.get("lp/{lp}", { params: { lp }, signal, silent: true });

export const landingPageQueryOptions = (lp: string) =>
  queryOptions({
    queryKey: landingPageKeys.detail(lp),
    queryFn: ({ signal }) => getLandingPage(lp, signal),
    staleTime: 10 * 60_000,
    retry: retryUnlessRefused,
  });

/** The landing page of /lp/{lp}; pass null on the checkout routes, which have none. */
export const useLandingPage = (lp: string | null) => useQuery({ ...landingPageQueryOptions(lp ?? ""), enabled: lp !== null });

export const prefetchLandingPage = (lp: string) => queryClient.prefetchQuery(landingPageQueryOptions(lp));
