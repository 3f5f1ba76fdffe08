import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { PremiumOpens } from "../../../components/subscription/premium-opens";
import { ButtonLink } from "../../../components/ui/button";
import { env } from "../../../lib/env";
import { hasToken } from "../../../lib/storage";
import { safeRedirect } from "../model";
import { settlePendingPurchase } from "../tracking";
import { OutcomeArt } from "./outcome-art";
import styles from "./outcome.module.css";

/**
 * The thank-you page (spec 000 section 2): where the bank's approval of a card purchase comes
 * back to. Continue goes to `?redirect=` when it is a path on this site, otherwise to /home. A
 * signed-in member reads what is open now and, for a trial, when it ends (decision 049).
 */
export function ThankYouPage() {
  const [params] = useSearchParams();
  const next = safeRedirect(params.get("redirect"), "/home");

  useEffect(() => settlePendingPurchase(true), []);

  return (
    <AuthLayout
      title="Thank you!"
      subtitle={`Your purchase is complete. Everything in ${env.appName} is open to you now.`}
      top={<OutcomeArt tone="success" />}
    >
      {hasToken() && <PremiumOpens className={styles.opens} />}
      <p className={styles.text}>
        Questions about your plan? Write to <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>.
      </p>
      <div className={styles.actions}>
        <ButtonLink to={next} size="lg" block>
          Continue
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
