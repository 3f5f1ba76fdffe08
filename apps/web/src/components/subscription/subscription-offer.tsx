import { SUBSCRIBED_MESSAGE } from "@serene/domain";
import { Suspense, useContext, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useAccountStatus } from "../../lib/server-data/account-status";
import { env } from "../../lib/env";
import { reloadWithNotice } from "../ui/toast-after-reload";
import { markWelcomeDue } from "../../lib/buying/purchase-welcome";
import { hasToken } from "../../lib/storage";
import { closeSubscriptionOffer, useSubscriptionOffer } from "../../lib/buying/subscription-offer";
import { Button } from "../ui/button";
import { IconButton } from "../ui/icon-button";
import { useNativeDialog } from "../ui/native-dialog";
import dialogStyles from "../ui/native-dialog.module.css";
import { Skeleton } from "../ui/skeleton";
import { OfferPaymentDialog } from "./offer-payment";
import { PlanList } from "./plan-list";
import { regionCurrency, type PlanOption } from "../../lib/buying/plans";
import { useOfferPlans } from "../../lib/buying/api/packages";
import styles from "./subscription-offer.module.css";

const BENEFITS = [
  "Every meditation, sleepcast and course, with new sessions each week",
  "Your full personal plan, one calm step a day",
  "Therapy programmes, music and nature soundscapes without limits",
];

/**
 * The subscription offer (spec 001 sections 2 and 4), opened through openSubscriptionOffer(): what
 * a subscription brings and the plans with their prices in the member's currency. The member
 * chooses a plan and pays for it in place, in the payment dialog; when the payment reports done the
 * offer closes and the page they were on reloads, now unlocked, with 'Successfully subscribed!' still
 * to read; opened from a locked item, the member lands on that item instead (decision 052). Without
 * plans (or a payment dialog) the way on is the paywall.
 * A native <dialog>: the browser keeps focus inside, Escape closes it and the page behind is inert.
 */
export function SubscriptionOffer() {
  const open = useSubscriptionOffer((state) => state.open);
  const placement = useSubscriptionOffer((state) => state.placement);
  const landing = useSubscriptionOffer((state) => state.landing);
  // Which packages: the opener's placement, else the member's (after_trial_is_over once a trial
  // ended without a charge); the status is asked once and shared by the members' area.
  const status = useAccountStatus(open && placement === null && hasToken());
  const place =
    placement ?? (status.isPending && status.fetchStatus !== "idle" ? null : (status.data?.offer_place ?? "after_locked_content"));
  const ref = useNativeDialog(open);
  const navigate = useNavigate();
  const paymentDialog = useContext(OfferPaymentDialog);
  const [region] = useState(regionCurrency);
  const plans = useOfferPlans(region, place, open);
  const [chosenId, setChosenId] = useState<PlanOption["id"] | null>(null);
  const [paying, setPaying] = useState(false);

  const options = plans.data?.options ?? [];
  const chosen = options.find((option) => option.id === chosenId) ?? plans.data?.featured ?? null;
  const buysInPlace = paymentDialog !== null && chosen !== null;

  // Each opening starts from the plan put forward.
  const close = () => {
    setChosenId(null);
    setPaying(false);
    closeSubscriptionOffer();
  };

  return (
    <>
      <dialog
        ref={ref}
        className={`${dialogStyles.card} ${styles.dialog}`}
        aria-labelledby="subscription-offer-title"
        aria-describedby="subscription-offer-text"
        onClose={close}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) close();
        }}
      >
        {open && (
          <div className={styles.body}>
            {/* First in order, so opening focuses it and the offer starts at its top. */}
            <IconButton className={styles.close} label="Close" onClick={close}>
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
                {options.length > 0 && (
                  <PlanList
                    options={options}
                    selectedId={chosen?.id ?? null}
                    onSelect={(option) => setChosenId(option.id)}
                    labelledBy="subscription-offer-plans"
                  />
                )}
                {buysInPlace && (
                  <p className={styles.more}>
                    <Link to="/subscription" onClick={close}>
                      See all plans
                    </Link>{" "}
                    and how the free trial works.
                  </p>
                )}
              </section>
            </div>
            <div className={styles.actions}>
              {buysInPlace ? (
                <Button size="lg" block onClick={() => setPaying(true)}>
                  Get My Plan
                </Button>
              ) : (
                <Button
                  size="lg"
                  block
                  onClick={() => {
                    close();
                    void navigate("/subscription");
                  }}
                >
                  See plans
                </Button>
              )}
              <Button variant="ghost" block onClick={close}>
                Not now
              </Button>
            </div>
          </div>
        )}
      </dialog>
      {/* Beside the offer, not inside it: the payment dialog opens above it, and closing it goes back to the plans. */}
      {open && paymentDialog && plans.data && (
        <Suspense fallback={null}>
          {paymentDialog({
            open: paying,
            packages: plans.data.packages,
            selected: plans.data.packages.find((pkg) => pkg.id === chosen?.id) ?? null,
            ...(landing ? { returnTo: landing } : {}),
            onClose: () => setPaying(false),
            onDone: () => {
              // Spec 001 section 4: the offer closes and the page the member was on reloads, now unlocked (or the
              // locked item they tapped opens); it opens with the Premium welcome, once (decision 049), and the
              // dialog's 'Successfully subscribed!' carried over the load.
              close();
              markWelcomeDue();
              reloadWithNotice(SUBSCRIBED_MESSAGE, { shownAlready: true, to: landing });
            },
          })}
        </Suspense>
      )}
    </>
  );
}
