import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { env } from "../../lib/env";
import { closeSubscriptionOffer, useSubscriptionOffer } from "../../lib/subscription-offer";
import { Button } from "../ui/button";
import { IconButton } from "../ui/icon-button";
import styles from "./subscription-offer.module.css";

const BENEFITS = [
  "Every meditation, sleepcast and course, with new sessions each week",
  "Your full 14-day personal plan, one calm step a day",
  "Therapy programmes, music and nature soundscapes without limits",
];

/**
 * The subscription offer (spec 001 section 4), opened through openSubscriptionOffer().
 * A native <dialog>: the browser keeps focus inside, Escape closes it and the page behind is inert.
 */
export function SubscriptionOffer() {
  const open = useSubscriptionOffer((state) => state.open);
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="subscription-offer-title"
      aria-describedby="subscription-offer-text"
      onClose={closeSubscriptionOffer}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) closeSubscriptionOffer();
      }}
    >
      {open && (
        <div className={styles.body}>
          <div className={styles.art} aria-hidden="true">
            <svg viewBox="0 0 120 80" preserveAspectRatio="xMidYMax slice" focusable="false">
              <circle cx="60" cy="46" r="26" className={styles.sun} />
              <path d="M0 62 Q30 48 60 60 T120 56 V80 H0Z" className={styles.hillBack} />
              <path d="M0 70 Q36 58 70 70 T120 66 V80 H0Z" className={styles.hillFront} />
            </svg>
          </div>
          <h2 id="subscription-offer-title" className={styles.title}>
            Unlock everything in {env.appName}
          </h2>
          <p id="subscription-offer-text" className={styles.text}>
            Go further with a subscription and make calm a daily habit.
          </p>
          <ul className={styles.benefits}>
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button
              size="lg"
              block
              onClick={() => {
                closeSubscriptionOffer();
                void navigate("/subscription");
              }}
            >
              See plans
            </Button>
            <Button variant="ghost" block onClick={closeSubscriptionOffer}>
              Not now
            </Button>
          </div>
          <IconButton className={styles.close} label="Close" onClick={closeSubscriptionOffer}>
            <path d="M6 6L18 18M18 6L6 18" />
          </IconButton>
        </div>
      )}
    </dialog>
  );
}
