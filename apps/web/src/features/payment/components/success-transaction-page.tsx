import { SUBSCRIBED_MESSAGE } from "@serene/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { PremiumOpens } from "../../../components/subscription/premium-opens";
import { Button, ButtonLink } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import { env } from "../../../lib/env";
import { hasToken } from "../../../lib/storage";
import { isTransient, memberDataAfterPurchase, useWalletPurchaseCompletion } from "../../../lib/buying/api/payment";
import { browserNavigation, forgetReturn, readReturn } from "../leave";
import { safeRedirect, walletReturnKey } from "../model";
import { settlePendingPurchase } from "../tracking";
import { OutcomeArt } from "./outcome-art";
import styles from "./outcome.module.css";

const PLANS = "/subscription";

/**
 * Where the wallet sends the member back after approving (spec 000 section 2, payment outcome
 * pages): the query it came back with is passed through to POST /paypal/success-transaction with
 * an Idempotency-Key derived from the wallet's token, so a reload never buys twice.
 */
export function SuccessTransactionPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = useMemo(() => Object.fromEntries(params), [params]);
  const key = walletReturnKey(query);
  const signedIn = hasToken();

  const result = useWalletPurchaseCompletion(query, key, signedIn);
  // Bought from a locked item: 'Start listening' opens that item, now playable (decision 052). Read once, then forgotten.
  const [next] = useState(() => safeRedirect(readReturn(), "/home"));
  useEffect(() => {
    if (result.data) forgetReturn();
  }, [result.data]);

  const subscribed = result.data?.message === SUBSCRIBED_MESSAGE;
  const redirect = result.data && !subscribed ? result.data.redirect_url : null;
  const announced = useRef(false);
  useEffect(() => {
    if (!result.data) return;
    if (redirect) {
      browserNavigation.assign(redirect);
      return;
    }
    if (!subscribed || announced.current) return;
    announced.current = true;
    toast.success(SUBSCRIBED_MESSAGE);
    settlePendingPurchase(true);
    void queryClient.invalidateQueries(memberDataAfterPurchase);
  }, [result.data, subscribed, redirect, queryClient]);

  if (!key) {
    return (
      <AuthLayout
        title="Nothing to confirm here"
        subtitle="This page finishes a PayPal purchase, and there is none on its way."
        top={<OutcomeArt tone="canceled" />}
      >
        <div className={styles.actions}>
          <ButtonLink to={PLANS} size="lg" block>
            See plans
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  if (!signedIn) {
    const login = `/login?${new URLSearchParams({ redirect: `${location.pathname}${location.search}` })}`;
    return (
      <AuthLayout
        title="Log in to finish"
        subtitle="Your purchase is almost done. Log in with the account you bought it for."
        top={<OutcomeArt tone="waiting" />}
      >
        <div className={styles.actions}>
          <ButtonLink to={login} size="lg" block>
            Log in
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  if (result.isError) {
    const message =
      result.error instanceof ApiError && result.error.status > 0 && result.error.status < 500 ? result.error.data.message : null;
    return (
      <AuthLayout title="We could not finish your purchase" top={<OutcomeArt tone="problem" />}>
        <p className={styles.text} role="alert">
          {message || "Something went wrong"}
        </p>
        <p className={styles.text}>
          If PayPal shows a payment, nothing is lost: write to <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a> and we will
          sort it out.
        </p>
        <div className={styles.actions}>
          {isTransient(result.error) && (
            <Button size="lg" block onClick={() => void result.refetch()}>
              Try again
            </Button>
          )}
          <ButtonLink to={PLANS} size="lg" block variant={isTransient(result.error) ? "secondary" : "primary"}>
            Back to plans
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  if (result.data && !subscribed && !redirect) {
    return (
      <AuthLayout title="Almost there" top={<OutcomeArt tone="waiting" />}>
        <p className={styles.text} role="status">
          {result.data.message}
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/home" size="lg" block>
            Go to home
          </ButtonLink>
          <ButtonLink to={PLANS} size="lg" block variant="secondary">
            Back to plans
          </ButtonLink>
        </div>
      </AuthLayout>
    );
  }

  if (!subscribed) {
    return (
      <AuthLayout
        title="Confirming your subscription"
        subtitle="This takes a moment. Please keep this page open."
        top={<OutcomeArt tone="waiting" />}
      >
        <p className="visually-hidden" role="status">
          Confirming your subscription
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="You're all set" subtitle={`Everything in ${env.appName} is open to you now.`} top={<OutcomeArt tone="success" />}>
      <PremiumOpens className={styles.opens} />
      <div className={styles.actions}>
        <ButtonLink to={next} size="lg" block>
          Start listening
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
