import type { CheckoutResponse, PackageListResponse } from "@serene/contracts";
import type { Currency } from "@serene/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";
import { paywallPlans } from "./model";

/** An offer that is gone (an unknown or removed checkout) is not asked for again. */
const retryUnlessRefused = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.status < 500);

/** The paywall answers a missing checkout with its own notice, not a toast. */
export const isMissingCheckout = (error: Error | null) => error instanceof ApiError && error.status === 404;

/**
 * The paywall's plans: a checkout's packages when the address names one, otherwise the web
 * packages shown after locked content in the region's currency (spec 000 sections 4 and 7).
 * Failures are shown on the page itself, so the calls are silent.
 */
export const paywallPlansQuery = (checkoutId: string | undefined, region: Currency) =>
  queryOptions({
    queryKey: ["paywall-plans", checkoutId ?? null, region],
    queryFn: async ({ signal }) => {
      if (checkoutId) {
        const { data } = await api.get<CheckoutResponse>(`/checkout/${encodeURIComponent(checkoutId)}`, { signal, silent: true });
        return paywallPlans(data.packages, region, data);
      }
      const { data } = await api.get<PackageListResponse>("/package/web", {
        query: { place: "after_locked_content", currency: region },
        signal,
        silent: true,
      });
      return paywallPlans(data, region, null);
    },
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });

export const usePaywallPlans = (checkoutId: string | undefined, region: Currency) => useQuery(paywallPlansQuery(checkoutId, region));

/** Starts fetching the plans while the page's code is still on its way (the router calls it). */
export const prefetchPaywallPlans = (checkoutId: string | undefined, region: Currency) =>
  queryClient.prefetchQuery(paywallPlansQuery(checkoutId, region));
