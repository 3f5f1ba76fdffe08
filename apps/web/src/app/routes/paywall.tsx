import type { Params } from "react-router";
import { PaymentDialog } from "../../features/payment";
import { PaywallPage, prefetchPaywallPlans } from "../../features/paywall";
import { regionCurrency } from "../../components/subscription/plans";

/** The paywall; 'Get My Plan' opens the payment dialog for the chosen plan. */
export default function PaywallRoute() {
  return <PaywallPage paymentDialog={PaymentDialog} />;
}

/** The plans are asked for while the page's code loads, so they come with its first render. */
export function prefetch(params: Params) {
  void prefetchPaywallPlans(params.checkoutId, regionCurrency());
}
