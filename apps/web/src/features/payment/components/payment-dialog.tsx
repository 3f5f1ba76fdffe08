import type { Package, PurchaseResponse } from "@serene/contracts";
import { NEED_APPROVE_MESSAGE, SUBSCRIBED_MESSAGE, paymentNote, planCardDescription, planCardTitle } from "@serene/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { toPlanOption } from "../../../lib/buying/plans";
import { IconButton } from "../../../components/ui/icon-button";
import { useNativeDialog } from "../../../components/ui/native-dialog";
import dialogStyles from "../../../components/ui/native-dialog.module.css";
import { Toaster } from "../../../components/ui/toast";
import { toast } from "../../../components/ui/toast-store";
import { env } from "../../../lib/env";
import { memberDataAfterPurchase } from "../../../lib/buying/api/payment";
import { browserNavigation } from "../leave";
import { PROVIDER_OF, packageFor, totalText, type CheckoutRef, type PaymentMethod, type PaymentPackage } from "../model";
import { purchaseFacts, rememberPendingPurchase, trackCheckoutStart, trackPurchase } from "../tracking";
import { CardPanel } from "./card-panel";
import { PayPalWordmark, WalletPanel } from "./wallet-panel";
import styles from "./payment-dialog.module.css";

export interface PaymentDialogProps {
  open: boolean;
  /**
   * The packages on offer, as the API answers them (GET /package/web, /checkout/{id},
   * /package/{id}). Give both providers' packages: the wallet (paypal) and the card (stripe)
   * sell the same plan as different packages, and the dialog buys the one of the chosen method.
   */
  packages: readonly Package[];
  /** The plan the member chose (its package of either provider); the dialog buys this plan. */
  selected: Package | null;
  /** The checkout the purchase comes from, if any. */
  checkout?: CheckoutRef;
  /**
   * Where the member lands after a purchase that leaves for the bank's or the wallet's approval (a path
   * here: the locked item that opened the subscription offer); the page they are on when not given.
   */
  returnTo?: string;
  /** The purchase succeeded without leaving the page: close the dialog and move on. */
  onDone: (response: PurchaseResponse) => void;
  /** The member closed the dialog (close button or Escape). */
  onClose: () => void;
}

const METHODS: { value: PaymentMethod; label: string }[] = [
  { value: "wallet", label: "PayPal" },
  { value: "card", label: "Credit card" },
];

/**
 * The payment dialog (spec 000 "Payment dialog" and section 4): a full-width native <dialog>
 * that clicking outside does not close (the close button and Escape do). The member picks the
 * wallet (the default) or a credit card, sees the Total due today and the terms of the package being
 * paid: the spec's trial note only when that package is the yearly trial (decision 052).
 */
export function PaymentDialog({ open, onClose, ...body }: PaymentDialogProps) {
  const titleId = useId();
  // The native dialog follows `open`: modal, focus inside, the page behind inert.
  const ref = useNativeDialog(open);
  const busy = useRef(false);

  // Each opening starts on the chosen payment method.
  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLInputElement>("input[name=payment-method]:checked")?.focus();
  }, [open, ref]);

  const close = () => {
    // Closing waits while a payment is on its way.
    if (!busy.current) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={dialogStyles.fullScreen}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape asks to close; the dialog closes when its owner says so.
        event.preventDefault();
        close();
      }}
    >
      {/* Mounted per opening: each opening starts with the wallet and records one checkout start. */}
      {open && <PaymentDialogBody {...body} titleId={titleId} onClose={close} onBusyChange={(value) => (busy.current = value)} />}
    </dialog>
  );
}

interface BodyProps extends Omit<PaymentDialogProps, "open" | "onClose"> {
  titleId: string;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

function PaymentDialogBody({ packages, selected, checkout = {}, returnTo, onDone, onClose, titleId, onBusyChange }: BodyProps) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const [method, setMethod] = useState<PaymentMethod>("wallet");
  const [busy, setBusy] = useState(false);

  const all = useMemo(() => packages.map(toPlanOption), [packages]);
  const chosen = useMemo(() => (selected ? toPlanOption(selected) : null), [selected]);
  const choice = chosen ? packageFor(all, chosen, PROVIDER_OF[method]) : null;
  const pkg = choice && "package" in choice ? choice.package : null;
  const missing = choice && "message" in choice ? choice.message : null;
  const shown = pkg ?? chosen;

  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current || !chosen) return;
    tracked.current = true;
    trackCheckoutStart(chosen);
  }, [chosen]);

  // No package for the chosen method: the spec's message, each time that method is chosen.
  const reported = useRef<PaymentMethod | null>(null);
  useEffect(() => {
    if (!missing) {
      reported.current = null;
      return;
    }
    if (reported.current === method) return;
    reported.current = method;
    toast.error(missing);
  }, [missing, method]);

  const changeBusy = (value: boolean) => {
    setBusy(value);
    onBusyChange(value);
  };

  const purchased = (response: PurchaseResponse, bought: PaymentPackage) => {
    // The member's status changed: cached member data is refreshed (not the payment calls).
    void queryClient.invalidateQueries(memberDataAfterPurchase);
    if (response.message === NEED_APPROVE_MESSAGE && response.redirect_url) {
      // The bank asks the member to approve first; its page sends them back here afterwards.
      const approval = new URL(response.redirect_url, window.location.origin);
      approval.searchParams.set("redirect", returnTo ?? `${location.pathname}${location.search}`);
      rememberPendingPurchase(purchaseFacts(bought));
      browserNavigation.assign(approval.toString());
      return;
    }
    toast.success(SUBSCRIBED_MESSAGE);
    trackPurchase(purchaseFacts(bought));
    if (response.redirect_url) {
      browserNavigation.assign(response.redirect_url);
      return;
    }
    onDone(response);
  };

  const summary = shown && (
    <p className={styles.total}>
      <span>Total</span>
      <strong data-testid="payment-total">{totalText(shown)}</strong>
    </p>
  );

  return (
    <div className={styles.inner}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Select payment method
        </h2>
        {chosen && (
          <p className={styles.plan}>
            {planCardTitle(chosen)} · {planCardDescription(chosen)}
          </p>
        )}
      </header>

      <div role="radiogroup" aria-labelledby={titleId} className={styles.methods}>
        {METHODS.map((option) => {
          const id = `${titleId}-${option.value}`;
          return (
            <div key={option.value} className={styles.method}>
              <input
                id={id}
                type="radio"
                name="payment-method"
                value={option.value}
                className={styles.methodInput}
                checked={method === option.value}
                disabled={busy && method !== option.value}
                onChange={() => setMethod(option.value)}
              />
              <label htmlFor={id} className={styles.methodLabel}>
                <span className={styles.radioMark} aria-hidden="true" />
                {option.value === "wallet" ? <PayPalWordmark className={styles.methodMark} /> : <CardMark />}
                <span className={option.value === "wallet" ? "visually-hidden" : styles.methodName}>{option.label}</span>
              </label>
            </div>
          );
        })}
      </div>

      {missing && <p className={styles.missing}>{missing}</p>}

      {method === "wallet" ? (
        <WalletPanel pkg={pkg} checkout={checkout} returnTo={returnTo} summary={summary} busy={busy} onBusyChange={changeBusy} />
      ) : (
        <CardPanel pkg={pkg} checkout={checkout} summary={summary} busy={busy} onBusyChange={changeBusy} onPurchased={purchased} />
      )}

      {shown && (
        <p className={styles.note} data-testid="payment-note">
          {paymentNote(shown, env.supportEmail)}
        </p>
      )}
      <p className={styles.secure}>
        <LockMark /> Payments are encrypted and processed securely.
      </p>

      <IconButton label="Close" className={styles.close} onClick={onClose} aria-disabled={busy || undefined}>
        <path d="M6 6L18 18M18 6L6 18" />
      </IconButton>

      {/* The modal dialog sits above the page and makes it inert: its messages show (and are read) in here. */}
      <Toaster />
    </div>
  );
}

function CardMark() {
  return (
    <svg className={styles.methodIcon} viewBox="0 0 32 24" aria-hidden="true" focusable="false">
      <rect x="1" y="2" width="30" height="20" rx="4" className={styles.cardBody} />
      <rect x="1" y="7" width="30" height="4" className={styles.cardStripe} />
      <rect x="5" y="15" width="9" height="3" rx="1.5" className={styles.cardChip} />
    </svg>
  );
}

function LockMark() {
  return (
    <svg className={styles.lock} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="5" y="10.5" width="14" height="10" rx="2.5" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </svg>
  );
}
