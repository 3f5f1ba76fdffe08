import { useState } from "react";
import { useNavigate } from "react-router";
import { env } from "../../lib/env";
import { closeSubscriptionOffer, useSubscriptionOffer } from "../../lib/subscription-offer";
import { Button } from "../ui/button";
import { IconButton } from "../ui/icon-button";
import { useNativeDialog } from "../ui/native-dialog";
import dialogStyles from "../ui/native-dialog.module.css";
import { Skeleton } from "../ui/skeleton";
import { PlanList } from "./plan-list";
import { regionCurrency } from "./plans";
import { useOfferPlans } from "./use-offer-plans";
import styles from "./subscription-offer.module.css";

const BENEFITS = [
  "Every meditation, sleepcast and course, with new sessions each week",
  "Your full personal plan, one calm step a day",
  "Therapy programmes, music and nature soundscapes without limits",
];

/**
 * The subscription offer (spec 001 section 4), opened through openSubscriptionOffer(): what a
 * subscription brings and the plans with their prices in the member's currency; 'See plans' goes
 * to the paywall, where the plan is chosen and the payment dialog opens (after a purchase the
 * paywall goes to /, which lands a member on /home).
 * A native <dialog>: the browser keeps focus inside, Escape closes it and the page behind is inert.
 */
export function SubscriptionOffer() {
  const open = useSubscriptionOffer((state) => state.open);
  const ref = useNativeDialog(open);
  const navigate = useNavigate();
  const [region] = useState(regionCurrency);
  const plans = useOfferPlans(region, open);

  return (
    <dialog
      ref={ref}
      className={`${dialogStyles.card} ${styles.dialog}`}
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
          {/* First in order, so opening focuses it and the offer starts at its top. */}
          <IconButton className={styles.close} label="Close" onClick={closeSubscriptionOffer}>
            <path d="M6 6L18 18M18 6L6 18" />
          </IconButton>
          <div className={styles.art} aria-hidden="true">
            <svg viewBox="0 0 400 90" preserveAspectRatio="xMidYMax slice" focusable="false">
              <circle cx="200" cy="54" r="30" className={styles.sun} />
              <path d="M0 66 Q100 46 200 62 T400 56 V90 H0Z" className={styles.hillBack} />
              <path d="M0 77 Q120 60 230 76 T400 70 V90 H0Z" className={styles.hillFront} />
            </svg>
          </div>
          <div className={styles.columns}>
            <div className={styles.intro}>
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
            </div>
            <section className={styles.plans} aria-labelledby="subscription-offer-plans" aria-busy={plans.isPending}>
              <h3 id="subscription-offer-plans" className={styles.plansTitle}>
                Plans for you
              </h3>
              {plans.isPending && (
                <div className={styles.loading} aria-label="Loading plans">
                  <Skeleton className={styles.skeleton} />
                  <Skeleton className={styles.skeleton} />
                  <Skeleton className={styles.skeleton} />
                </div>
              )}
              {plans.isError && <p className={styles.note}>The plans could not be loaded just now. See them all on the next page.</p>}
              {plans.data && plans.data.options.length === 0 && <p className={styles.note}>There are no plans to show right now.</p>}
              {plans.data && plans.data.options.length > 0 && (
                <PlanList options={plans.data.options} featuredId={plans.data.featured?.id ?? null} labelledBy="subscription-offer-plans" />
              )}
            </section>
          </div>
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
        </div>
      )}
    </dialog>
  );
}
