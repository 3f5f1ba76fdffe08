import type { Checkout, Package } from "@serene/contracts";
import type { Currency } from "@serene/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { checkoutQueryOptions } from "../../../lib/buying/api/checkout";
import { afterLockedContent, webPackagesQueryOptions } from "../../../lib/buying/api/packages";
import { queryClient } from "../../../lib/query-client";
import { retryUnlessRefused } from "../../../lib/server-data/retry";
import { paywallPlans } from "../model";

/** The paywall answers a missing checkout with its own notice, not a toast. */
export { isNotFound as isMissingCheckout } from "../../../lib/server-data/retry";

/** The paywall keeps a checkout's plans for five minutes. */
const paywallCheckoutQueryOptions = (checkoutId: string) => ({ ...checkoutQueryOptions(checkoutId), staleTime: 5 * 60_000 });

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
  const checkout = useQuery({ ...paywallCheckoutQueryOptions(checkoutId ?? ""), enabled: checkoutId !== undefined, select: fromCheckout });
  const web = useQuery({ ...webPlansQueryOptions(region), enabled: checkoutId === undefined, select: fromWeb });
  return checkoutId === undefined ? web : checkout;
}

/** Starts fetching the plans while the page's code is still on its way (the router calls it). */
export const prefetchPaywallPlans = (checkoutId: string | undefined, region: Currency) =>
  checkoutId === undefined
    ? queryClient.prefetchQuery(webPlansQueryOptions(region))
    : queryClient.prefetchQuery(paywallCheckoutQueryOptions(checkoutId));
