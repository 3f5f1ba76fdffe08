import type { Checkout, Package } from "@serene/contracts";
import type { Currency } from "@serene/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { api, ApiError } from "../../../lib/api-client";
import { afterLockedContent, webPackagesQueryOptions } from "../../../lib/packages";
import { queryClient } from "../../../lib/query-client";
import { paywallPlans } from "../model";

/** An offer that is gone (an unknown or removed checkout) is not asked for again. */
const retryUnlessRefused = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.status < 500);

/** The paywall answers a missing checkout with its own notice, not a toast. */
export const isMissingCheckout = (error: Error | null) => error instanceof ApiError && error.status === 404;

/** GET /checkout/{id}: a checkout's type and packages. Failures are shown on the page itself, so the call is silent. */
export const getCheckout = async (checkoutId: string, signal?: AbortSignal): Promise<Checkout> =>
  await api.get("checkout/{id}", { params: { id: checkoutId }, signal, silent: true });

export const checkoutKeys = {
  all: ["checkout"] as const,
  detail: (checkoutId: string) => [...checkoutKeys.all, checkoutId] as const,
};

export const checkoutQueryOptions = (checkoutId: string) =>
  queryOptions({
    queryKey: checkoutKeys.detail(checkoutId),
    queryFn: ({ signal }) => getCheckout(checkoutId, signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });

/** Without a checkout the paywall shows the shared web packages offered after locked content, in the region's currency. */
const webPlansQueryOptions = (region: Currency) => ({
  ...webPackagesQueryOptions(afterLockedContent(region), { silent: true }),
  retry: retryUnlessRefused,
});

/**
 * The paywall's plans: a checkout's packages when the address names one, otherwise the web
 * packages shown after locked content in the region's currency (spec 000 sections 4 and 7).
 */
export function usePaywallPlans(checkoutId: string | undefined, region: Currency) {
  const fromCheckout = useCallback((checkout: Checkout) => paywallPlans(checkout.packages, region, checkout), [region]);
  const fromWeb = useCallback((packages: Package[]) => paywallPlans(packages, region, null), [region]);
  const checkout = useQuery({ ...checkoutQueryOptions(checkoutId ?? ""), enabled: checkoutId !== undefined, select: fromCheckout });
  const web = useQuery({ ...webPlansQueryOptions(region), enabled: checkoutId === undefined, select: fromWeb });
  return checkoutId === undefined ? web : checkout;
}

/** Starts fetching the plans while the page's code is still on its way (the router calls it). */
export const prefetchPaywallPlans = (checkoutId: string | undefined, region: Currency) =>
  checkoutId === undefined
    ? queryClient.prefetchQuery(webPlansQueryOptions(region))
    : queryClient.prefetchQuery(checkoutQueryOptions(checkoutId));
