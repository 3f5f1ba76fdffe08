import { useRef, useState, type ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { getWalletCheckout } from "../../../lib/buying/api/payment";
import { browserNavigation, rememberReturn } from "../leave";
import { timeZone, type CheckoutRef, type PaymentPackage } from "../model";
import { purchaseFacts, rememberPendingPurchase } from "../tracking";
import styles from "./payment-dialog.module.css";

interface WalletPanelProps {
  /** The wallet provider's package for the chosen plan; null when there is none. */
  pkg: PaymentPackage | null;
  checkout: CheckoutRef;
  /** Where the wallet's return page leads on (the locked item that opened the offer), if anywhere but home. */
  returnTo?: string | undefined;
  summary: ReactNode;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
}

/**
 * The wallet way to pay (spec 000 "Payment dialog", section 4): 'Buy now' asks the server for the
 * wallet's approval page (GET /paypal/subscription) and sends the browser there. A failure stops
 * the loading without a message, as the spec's error catalogue says.
 */
export function WalletPanel({ pkg, checkout, returnTo, summary, busy, onBusyChange }: WalletPanelProps) {
  const running = useRef(false);
  const [leaving, setLeaving] = useState(false);

  const buy = async () => {
    if (running.current || !pkg) return;
    running.current = true;
    onBusyChange(true);
    setLeaving(true);
    try {
      const { url_to_redirect } = await getWalletCheckout({ package_id: pkg.id, timezone: timeZone(), ...checkout });
      rememberPendingPurchase(purchaseFacts(pkg));
      rememberReturn(returnTo);
      browserNavigation.assign(url_to_redirect);
    } catch {
      running.current = false;
      setLeaving(false);
      onBusyChange(false);
    }
  };

  return (
    <div className={styles.panel}>
      <div className={styles.walletIntro}>
        <PayPalWordmark className={styles.walletMark} />
        <p>The safer, easier way to pay</p>
      </div>
      {summary}
      <div className={styles.actions}>
        <Button
          size="lg"
          block
          className={styles.walletButton}
          aria-disabled={!pkg || busy || undefined}
          aria-busy={leaving || undefined}
          onClick={() => void buy()}
        >
          {leaving && <span className={styles.buttonSpinner} aria-hidden="true" />}
          Buy now
        </Button>
      </div>
    </div>
  );
}

/** The wallet's name in its two blues, drawn as text (no external images). */
export function PayPalWordmark({ className }: { className?: string }) {
  return (
    <span className={className} aria-hidden="true">
      <span className={styles.payDark}>Pay</span>
      <span className={styles.payLight}>Pal</span>
    </span>
  );
}
