import type { Package } from "@serene/contracts";
import { dueTodayCents, formatMoney } from "@serene/domain";
import { Suspense, useContext, useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { OfferPaymentDialog } from "../../../components/subscription/offer-payment";
import { PlanList } from "../../../components/subscription/plan-list";
import { regionCurrency, type PlanOption } from "../../../lib/buying/plans";
import { Button, ButtonLink } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { useNativeDialog } from "../../../components/ui/native-dialog";
import dialogStyles from "../../../components/ui/native-dialog.module.css";
import { Skeleton } from "../../../components/ui/skeleton";
import { isSubscriber, useAccountStatus } from "../../../lib/server-data/account-status";
import { env } from "../../../lib/env";
import { markWelcomeDue } from "../../../lib/buying/purchase-welcome";
import { STORAGE_KEYS, hasToken, storage } from "../../../lib/storage";
import { checkoutPlans, checkoutRef, offerEnded } from "../model";
import type { CheckoutModalProps, CheckoutPaymentDialogProps } from "../types";
import { Recommended } from "./recommended";
import styles from "./checkout-modal.module.css";

const BENEFITS = [
  "Every meditation, sleepcast and course, with new sessions each week",
  "A personal plan built from your answers, one calm step a day",
  "Sleep stories, music and nature sounds without limits",
];

/** The longest wait a browser timer takes (about 24 days); a later deadline is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** Re-renders when the offer's deadline passes, so its plans leave while the modal is open. */
function useOfferClock(deadline: string | null | undefined) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const time = deadline ? Date.parse(deadline) : NaN;
    if (!Number.isFinite(time) || time <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(time - now + 50, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [deadline, now]);
  return now;
}

type Stage = "plans" | "recommended";

/**
 * The checkout's full-screen subscription modal (spec 000 sections 2 and 4, "Checkout sales
 * modal"): the checkout's plans in the region's currency, the timed offer's first and set apart
 * while it runs (theme vsl-type-2 in the older card layouts), and 'Get My Plan' opening the payment
 * dialog with the checkout's id, so the card and wallet flows are the paywall's. After the purchase:
 * the recommendations carousel when the checkout enables it (then on to /home), otherwise the modal
 * closes and the app goes to /.
 * A native <dialog>: focus stays inside, Escape closes it and the page behind is inert.
 */
export default function CheckoutModal({ open, checkout, onClose, justRegistered = false, offerEndsAt, paymentDialog }: CheckoutModalProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const ref = useNativeDialog(open);
  const [region] = useState(regionCurrency);
  const [stage, setStage] = useState<Stage>("plans");
  const [chosenId, setChosenId] = useState<PlanOption["id"] | null>(null);
  const [paying, setPaying] = useState(false);
  const appPaymentDialog = useContext(OfferPaymentDialog);
  const [signedIn] = useState(hasToken);
  const status = useAccountStatus(open && signedIn);
  // A subscriber cannot buy a second plan (the server refuses it); the plans wait for the status, so none flash by.
  const membership = stage === "plans" && isSubscriber(status.data) ? status.data : null;
  const checking = stage === "plans" && signedIn && status.isPending;

  const deadline = offerEndsAt ?? checkout?.offer.ends_at ?? null;
  const now = useOfferClock(open ? deadline : null);
  const ended = checkout ? offerEnded(checkout.offer, offerEndsAt, now) : true;
  const plans = useMemo(() => (checkout ? checkoutPlans(checkout, region, ended) : null), [checkout, region, ended]);
  const options = plans?.options ?? [];
  const chosen = options.find((option) => option.id === chosenId) ?? plans?.featured ?? null;
  const hasOffer = (plans?.offerIds.size ?? 0) > 0;

  const renderPayment = (props: CheckoutPaymentDialogProps): ReactNode => {
    if (paymentDialog) {
      const Dialog = paymentDialog;
      return <Dialog {...props} />;
    }
    return appPaymentDialog?.(props) ?? null;
  };
  const canPay = paymentDialog !== undefined || appPaymentDialog !== null;

  const close = () => {
    if (stage === "recommended") {
      // Spec 000 section 4: closing the carousel or Start Listening goes to /home.
      onClose();
      void navigate("/home");
      return;
    }
    setChosenId(null);
    setPaying(false);
    onClose();
  };

  const purchased = () => {
    setPaying(false);
    // The account came from the lead just now: /home says once where the access details are.
    if (justRegistered) storage.set(STORAGE_KEYS.justRegistered, "1");
    if (checkout?.recommendations) {
      setStage("recommended");
      return;
    }
    // Spec 000 section 4: the modal closes and signals done; the app goes to /, whose page opens with
    // the Premium welcome once (decision 049), as the recommendations step would have said it.
    markWelcomeDue();
    onClose();
    void navigate("/");
  };

  const getPlan = () => {
    if (!checkout) return;
    if (canPay) setPaying(true);
    else void navigate(`/subscription/${checkout.id}`);
  };

  const themeClass = checkout ? styles[`theme-${checkout.theme}`] : undefined;

  return (
    <>
      <dialog
        ref={ref}
        className={[dialogStyles.fullScreen, themeClass].filter(Boolean).join(" ")}
        aria-labelledby={titleId}
        data-testid="checkout-modal"
        onCancel={(event) => {
          // Escape asks to close; the owner closes it.
          event.preventDefault();
          close();
        }}
      >
        {open && (
          <div className={styles.inner}>
            <header className={styles.top}>
              <span className={styles.brand}>{env.appName}</span>
              <IconButton label="Close" className={styles.close} onClick={close}>
                <path d="M6 6L18 18M18 6L6 18" />
              </IconButton>
            </header>

            {stage === "recommended" ? (
              <Recommended titleId={titleId} onStart={close} />
            ) : membership ? (
              <section className={styles.card}>
                <h2 id={titleId} className={styles.title}>
                  You are already a member
                </h2>
                <p className={styles.lead}>
                  Your plan: <strong>{membership.subscription_type}</strong>. Everything in {env.appName} is open to you.
                </p>
                <ButtonLink to="/home" size="lg" block onClick={onClose}>
                  Start Listening
                </ButtonLink>
              </section>
            ) : (
              <section className={styles.card} aria-busy={!checkout || checking}>
                <div className={styles.intro}>
                  <p className={styles.eyebrow}>{hasOffer ? "Your offer is ready" : "Your plan is ready"}</p>
                  <h2 id={titleId} className={styles.title}>
                    Choose your plan
                  </h2>
                  <ul className={styles.benefits}>
                    {BENEFITS.map((benefit) => (
                      <li key={benefit}>{benefit}</li>
                    ))}
                  </ul>
                </div>
                <div className={styles.plans}>
                  <h3 id={`${titleId}-plans`} className="visually-hidden">
                    Plans
                  </h3>
                  {hasOffer && (
                    <p className={styles.offerNote} role="note">
                      The offer prices are yours until your countdown ends.
                    </p>
                  )}
                  {checking && (
                    <div className={styles.loadingPlans} aria-label="Loading plans">
                      <Skeleton className={styles.planSkeleton} />
                      <Skeleton className={styles.planSkeleton} />
                      <Skeleton className={styles.planSkeleton} />
                    </div>
                  )}
                  {!checking && plans && options.length === 0 && <p className={styles.empty}>There are no plans to show right now.</p>}
                  {!checking && options.length > 0 && (
                    <PlanList
                      options={options}
                      selectedId={chosen?.id ?? null}
                      onSelect={(option) => setChosenId(option.id)}
                      labelledBy={`${titleId}-plans`}
                      isHighlighted={(option) => plans?.offerIds.has(option.id) ?? false}
                      highlightLabel="TODAY'S OFFER"
                      legacy={checkout?.theme === "vsl-type-2"}
                    />
                  )}
                </div>
                {/* Kept in reach on small screens while the plans scroll; beside them on wide ones. */}
                <div className={styles.actions}>
                  {chosen && (
                    <p className={styles.due}>
                      Due today: <strong>{formatMoney(chosen.currency, dueTodayCents(chosen))}</strong>
                    </p>
                  )}
                  <Button size="lg" block onClick={getPlan} disabled={!chosen || checking}>
                    Get My Plan
                  </Button>
                </div>
                <div className={styles.fine}>
                  <p className={styles.guarantee}>
                    <span aria-hidden="true">✓</span> Cancel anytime, in your profile or by e-mail.
                  </p>
                  <p className={styles.agreement}>
                    By continuing you agree to our{" "}
                    <Link to="/terms-of-service" target="_blank">
                      Terms of Service
                    </Link>{" "}
                    and{" "}
                    <Link to="/privacy-policy" target="_blank">
                      Privacy Policy
                    </Link>
                    .
                  </p>
                </div>
              </section>
            )}
          </div>
        )}
      </dialog>
      {/* Beside the modal, not inside it: the payment dialog opens above it, and closing it goes back to the plans. */}
      {open && checkout && plans && canPay && (
        <Suspense fallback={null}>
          {renderPayment({
            open: paying,
            packages: plans.packages,
            selected: plans.packages.find((pkg: Package) => pkg.id === chosen?.id) ?? null,
            checkout: checkoutRef(checkout),
            onClose: () => setPaying(false),
            onDone: purchased,
          })}
        </Suspense>
      )}
    </>
  );
}
