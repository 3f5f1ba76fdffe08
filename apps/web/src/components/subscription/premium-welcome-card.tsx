import { useEffect, useState } from "react";
import { env } from "../../lib/env";
import { clearWelcome, welcomeDue } from "../../lib/buying/purchase-welcome";
import { hasToken } from "../../lib/storage";
import { IconButton } from "../ui/icon-button";
import { PremiumOpens } from "./premium-opens";
import styles from "./premium-welcome-card.module.css";

/**
 * "Welcome to Serene Premium" (decision 049): after a purchase in the paywall or the subscription
 * offer, the page the member lands on opens with this card once, under the spec's toast. Not a
 * dialog: it sits at the top of the page, and Close puts it away. The device flag that asks for it is
 * removed as soon as the page has read it, so a reload or the next page shows nothing.
 */
export function PremiumWelcomeCard() {
  const [open, setOpen] = useState(() => hasToken() && welcomeDue());
  useEffect(() => clearWelcome(), []);
  if (!open) return null;
  return (
    <section className={styles.card} aria-labelledby="premium-welcome-title">
      <div className={styles.art} aria-hidden="true">
        <svg viewBox="0 0 72 72" focusable="false">
          <circle cx="36" cy="38" r="15" className={styles.sun} />
          <path d="M0 50 Q18 40 36 48 T72 46 V72 H0Z" className={styles.hill} />
        </svg>
      </div>
      <div className={styles.body}>
        <h2 id="premium-welcome-title" className={styles.title}>
          Welcome to {env.appName} Premium
        </h2>
        <p className={styles.text}>Thank you for joining. Every session is yours to play, whenever you need a calm moment.</p>
        <PremiumOpens />
      </div>
      <IconButton label="Close" className={styles.close} onClick={() => setOpen(false)}>
        <path d="M6 6L18 18M18 6L6 18" />
      </IconButton>
    </section>
  );
}
