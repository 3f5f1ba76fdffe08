import type { PurchaseResponse } from "@serene/contracts";
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast-store";
import { ApiError, newRequestKey } from "../../../lib/api-client";
import { env } from "../../../lib/env";
import { isTransient, savePaymentMethod, useSetupIntent } from "../../../lib/buying/api/payment";
import { type CheckoutRef, type PaymentPackage } from "../model";
import { SOMETHING_WENT_WRONG, type CardFieldsHandle } from "./card-fields";
import { SandboxCardFields } from "./sandbox-card-fields";
import { StripeCardFields } from "./stripe-card-fields";
import styles from "./payment-dialog.module.css";

/** A purchase in flight: the confirmed card and the key its purchase call is sent with. */
interface Attempt {
  paymentMethod: string;
  idempotencyKey: string;
  packageId: number;
}

interface CardPanelProps {
  /** The card provider's package for the chosen plan; null when there is none. */
  pkg: PaymentPackage | null;
  checkout: CheckoutRef;
  /** The Total line, shown above the buttons. */
  summary: ReactNode;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  onPurchased: (response: PurchaseResponse, pkg: PaymentPackage) => void;
}

const failureMessage = (error: unknown) =>
  (error instanceof ApiError && (error.status === 0 || error.status < 500) && error.data.message) || SOMETHING_WENT_WRONG;

/**
 * The card way to pay (spec 000 "Payment dialog", section 4): the card form, the Total, a
 * 'Try {product} now' button and, for a lifetime package, a 'Pay with Stripe' button. Paying
 * confirms the card setup first, then buys with the saved card (POST /stripe/payment-method).
 */
export function CardPanel({ pkg, checkout, summary, busy, onBusyChange, onPurchased }: CardPanelProps) {
  const intent = useSetupIntent(true);
  const fields = useRef<CardFieldsHandle>(null);
  const attempt = useRef<Attempt | null>(null);
  const running = useRef(false);
  const [pressed, setPressed] = useState<"try" | "stripe" | null>(null);
  // The last refusal (a decline, or any other failure), shown in the form beside the toast until the card changes.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalId = useId();

  // A changed card is a new attempt: the earlier confirmed card and its key no longer apply.
  const forgetAttempt = useCallback(() => {
    attempt.current = null;
    setRefusal(null);
  }, []);

  const refuse = (message: string) => {
    setRefusal(message);
    toast.error(message);
  };

  const pay = async (button: "try" | "stripe") => {
    if (running.current || !pkg || !intent.data || intent.isFetching) return;
    running.current = true;
    setPressed(button);
    setRefusal(null);
    onBusyChange(true);
    try {
      let current = attempt.current?.packageId === pkg.id ? attempt.current : null;
      if (!current) {
        if (!fields.current) throw new ApiError(0, { message: SOMETHING_WENT_WRONG });
        const confirmed = await fields.current.confirm(intent.data.client_secret);
        if (!confirmed.ok) {
          if (confirmed.message) refuse(confirmed.message);
          return;
        }
        // One key per purchase attempt, kept for a retry of the same attempt.
        current = { paymentMethod: confirmed.paymentMethod, idempotencyKey: newRequestKey(), packageId: pkg.id };
        attempt.current = current;
      }
      const response = await savePaymentMethod(
        { payment_method: current.paymentMethod, package_id: pkg.id, ...checkout },
        current.idempotencyKey,
      );
      attempt.current = null;
      onPurchased(response, pkg);
    } catch (error) {
      if (!isTransient(error)) {
        // The attempt has its answer; the next one confirms the card again on a fresh setup.
        attempt.current = null;
        void intent.refetch();
      }
      refuse(failureMessage(error));
    } finally {
      running.current = false;
      setPressed(null);
      onBusyChange(false);
    }
  };

  const ready = Boolean(pkg && intent.data && !intent.isFetching);
  const blocked = !ready || busy;

  return (
    <form
      className={styles.panel}
      noValidate
      aria-busy={busy}
      aria-describedby={refusal ? refusalId : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void pay("try");
      }}
    >
      {intent.isPending && (
        <div className={styles.cardFields} aria-label="Loading the card form" role="status">
          <Skeleton className={[styles.fieldSkeleton, styles.full].join(" ")} />
          <Skeleton className={styles.fieldSkeleton} />
          <Skeleton className={styles.fieldSkeleton} />
        </div>
      )}
      {intent.isError && !intent.data && (
        <div className={styles.retry} role="alert">
          <p>The card form could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void intent.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {intent.data?.mode === "sandbox" && <SandboxCardFields ref={fields} readOnly={busy} onEdit={forgetAttempt} />}
      {intent.data?.mode === "live" && <StripeCardFields ref={fields} apiKey={intent.data.api_key} onEdit={forgetAttempt} />}

      {/* The toast announces it; this copy stays beside the card until the card changes. */}
      {refusal && (
        <p id={refusalId} className={styles.refusal} data-testid="card-refusal">
          <svg className={styles.refusalIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9.5" />
            <path d="M12 8V12.5M12 15.8H12.01" />
          </svg>
          {refusal}
        </p>
      )}

      {summary}

      <div className={styles.actions}>
        <Button type="submit" size="lg" block aria-disabled={blocked || undefined} aria-busy={pressed === "try" || undefined}>
          {pressed === "try" && <span className={styles.buttonSpinner} aria-hidden="true" />}
          Try {env.appName} now
        </Button>
        {pkg?.isLifetime && (
          <Button
            variant="secondary"
            size="lg"
            block
            aria-disabled={blocked || undefined}
            aria-busy={pressed === "stripe" || undefined}
            onClick={() => void pay("stripe")}
          >
            {pressed === "stripe" && <span className={styles.buttonSpinner} aria-hidden="true" />}
            Pay with Stripe
          </Button>
        )}
      </div>
    </form>
  );
}
