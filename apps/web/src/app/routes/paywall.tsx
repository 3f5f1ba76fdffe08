import type { Params } from "react-router";
import { PaymentDialog } from "../../features/payment";
import { PaywallPage, prefetchPaywallPlans } from "../../features/paywall";
import { regionCurrency } from "../../lib/buying/plans";
import { accountStatusQueryOptions } from "../../lib/server-data/account-status";
import { queryClient } from "../../lib/query-client";
import { hasToken } from "../../lib/storage";

/** The paywall; 'Get My Plan' opens the payment dialog for the chosen plan. */
export default function PaywallRoute() {
  return <PaywallPage paymentDialog={PaymentDialog} />;
}

/** The plans (and a member's status) are asked for while the page's code loads, so they come with its first render. */
export function prefetch(params: Params) {
  void prefetchPaywallPlans(params.checkoutId, regionCurrency());
  if (hasToken()) void queryClient.prefetchQuery(accountStatusQueryOptions());
}
