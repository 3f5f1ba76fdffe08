import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { ButtonLink } from "../../../components/ui/button";
import { hasToken } from "../../../lib/storage";
import { useWalletCancellation } from "../../../lib/buying/api/payment";
import { settlePendingPurchase } from "../tracking";
import { OutcomeArt } from "./outcome-art";
import styles from "./outcome.module.css";

/**
 * Where the wallet sends the member who turned the checkout down (spec 000 section 2): the server
 * hears about it (GET /paypal/cancel-transaction), nothing was charged, and the plans are one tap away.
 */
export function CancelTransactionPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  // The bank's approval page came back without a decision yet (the card path).
  const pending = params.get("reason") === "pending";
  const signedIn = hasToken();

  useWalletCancellation(token, signedIn);

  useEffect(() => settlePendingPurchase(false), []);

  return (
    <AuthLayout
      title={pending ? "Payment not confirmed yet" : "Payment canceled"}
      subtitle={
        pending
          ? "Your bank has not confirmed this payment yet. If it does, your plan starts on its own; if not, nothing is charged."
          : "Nothing was charged. Your plan is still here whenever you are ready."
      }
      top={<OutcomeArt tone={pending ? "waiting" : "canceled"} />}
    >
      <div className={styles.actions}>
        <ButtonLink to="/subscription" size="lg" block>
          Back to plans
        </ButtonLink>
        <ButtonLink to={signedIn ? "/home" : "/"} size="lg" block variant="secondary">
          Go to home
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
