import type { CheckoutResponse, PackageListResponse } from "@serene/contracts";
import type { Currency } from "@serene/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";
import { paywallPlans } from "./model";

/**
 * The paywall's plans: a checkout's packages when the address names one, otherwise the web
 * packages shown after locked content in the region's currency (spec 000 sections 4 and 7).
 */
export const paywallPlansQuery = (checkoutId: string | undefined, region: Currency) =>
  queryOptions({
    queryKey: ["paywall-plans", checkoutId ?? null, region],
    queryFn: async ({ signal }) => {
      if (checkoutId) {
        const { data } = await api.get<CheckoutResponse>(`/checkout/${encodeURIComponent(checkoutId)}`, { signal });
        return paywallPlans(data.packages, region, data);
      }
      const { data } = await api.get<PackageListResponse>("/package/web", {
        query: { place: "after_locked_content", currency: region },
        signal,
      });
      return paywallPlans(data, region, null);
    },
    staleTime: 5 * 60_000,
  });

export const usePaywallPlans = (checkoutId: string | undefined, region: Currency) => useQuery(paywallPlansQuery(checkoutId, region));

/** Starts fetching the plans while the page's code is still on its way (the router calls it). */
export const prefetchPaywallPlans = (checkoutId: string | undefined, region: Currency) =>
  queryClient.prefetchQuery(paywallPlansQuery(checkoutId, region));
