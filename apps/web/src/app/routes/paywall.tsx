import { PaymentDialog } from "../../features/payment";
import { PaywallPage } from "../../features/paywall";

/** The paywall; 'Get My Plan' opens the payment dialog for the chosen plan. */
export default function PaywallRoute() {
  return <PaywallPage paymentDialog={PaymentDialog} />;
}
