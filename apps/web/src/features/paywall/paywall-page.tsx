import type { Package } from "@serene/contracts";
import { dueTodayCents, formatMoney } from "@serene/domain";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { NightBandPage, nightSky } from "../../components/layout/night-band";
import { regionCurrency, type PlanOption } from "../../lib/buying/plans";
import { Button, ButtonLink } from "../../components/ui/button";
import { IconButton } from "../../components/ui/icon-button";
import { Notice } from "../../components/ui/notice";
import { Skeleton } from "../../components/ui/skeleton";
import { isSubscriber, useAccountStatus } from "../../lib/server-data/account-status";
import { analytics } from "../../lib/analytics";
import { env } from "../../lib/env";
import { markWelcomeDue } from "../../lib/buying/purchase-welcome";
import { hasToken } from "../../lib/storage";
import { readQuizData, storedFunnel } from "../../lib/stored-quiz-answers";
import { PlanPicker } from "./components/plan-picker";
import { checkoutRef, planHeadline, planLegalName } from "./model";
import { benefits, testimonials, timeline } from "./paywall.content";
import { isMissingCheckout, usePaywallPlans } from "./api/paywall-plans";
import { Testimonials } from "../../components/ui/testimonials";
import styles from "./paywall-page.module.css";

const ACTION_EVENTS: Record<string, string> = {
  unlock: "BuyIntent",
  BuyIntent: "BuyIntent",
  quiz: "InformIntent",
  InformIntent: "InformIntent",
  locked: "LockedIntent",
  LockedIntent: "LockedIntent",
};

/**
 * The pixel event of the action named by `?action=` (a link from a funnel or an e-mail). Coming
 * through the subscription offer records nothing here: the offer recorded its action's intent
 * when it opened, and a pixel intent fires once per action.
 */
const entryEvent = (action: string | null): string | null => (action && ACTION_EVENTS[action]) || null;

function PlansLoading() {
  return (
    <div className={styles.loading} aria-label="Loading plans">
      <Skeleton className={styles.skeleton} />
      <Skeleton className={styles.skeleton} />
      <Skeleton className={styles.skeleton} />
    </div>
  );
}

/** What the paywall gives the payment dialog (the route module supplies the dialog itself). */
export interface PaywallPaymentDialogProps {
  open: boolean;
  /** Every package on offer, both providers'. */
  packages: readonly Package[];
  /** The chosen plan's package. */
  selected: Package | null;
  checkout: { checkout_id?: number; promo_checkout_id?: number };
  onDone: () => void;
  onClose: () => void;
}

interface PaywallPageProps {
  /** The payment dialog 'Get My Plan' opens for a member (spec 000 section 4). */
  paymentDialog: ComponentType<PaywallPaymentDialogProps>;
}

/** The paywall (spec 000 section 2, "Paywall"). */
export function PaywallPage({ paymentDialog }: PaywallPageProps) {
  const [params] = useSearchParams();
  // A dynamic funnel's paywall makes no sense without the quiz data (the quiz form's quiz and its
  // answers kept on this device, as the quiz screens write them and the dynamic result reads them).
  if (params.has("dynamic") && !readQuizData()) return <Navigate to="/" replace />;
  return <Paywall PaymentDialog={paymentDialog} />;
}

function Paywall({ PaymentDialog }: { PaymentDialog: PaywallPageProps["paymentDialog"] }) {
  const { checkoutId } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [region] = useState(regionCurrency);
  const plans = usePaywallPlans(checkoutId, region);
  const [signedIn] = useState(hasToken);
  const status = useAccountStatus(signedIn);
  // A subscriber cannot buy a second plan (the server refuses it): their plan lives in settings.
  const membership = isSubscriber(status.data) ? status.data : null;
  // A member's plans wait for their status, so a subscriber never sees plans flash by.
  const checking = signedIn && status.isPending;
  const [chosenId, setChosenId] = useState<PlanOption["id"] | null>(null);
  const [paying, setPaying] = useState(false);
  const tracked = useRef(false);

  const options = plans.data?.options ?? [];
  const selected = options.find((option) => option.id === chosenId) ?? plans.data?.initial ?? null;
  const trial = options.find((option) => option.isFreeTrial) ?? null;

  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    const event = entryEvent(params.get("action"));
    // A quiz funnel's intent carries its funnel, so the funnel report can follow it to the paywall.
    const funnel = storedFunnel();
    if (event) analytics.track(event, funnel ? { place: "paywall", funnel } : { place: "paywall" });
  }, [params]);

  const close = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate("/home");
  };

  const getPlan = () => {
    if (!hasToken()) {
      const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
      const promo = plans.data?.checkoutType === "promo" ? "&checkout=promo" : "";
      void navigate(`/login?redirect=${redirect}&from=auth${promo}`);
      return;
    }
    // A member pays in the payment dialog, which records the checkout start when it opens.
    if (selected) setPaying(true);
  };

  return (
    <NightBandPage
      headerEnd={
        params.get("hideClose") !== "1" && (
          <IconButton label="Close" className={styles.close} onClick={close}>
            <path d="M6 6l12 12M18 6L6 18" />
          </IconButton>
        )
      }
    >
      <div className={`${nightSky} ${styles.top}`}>
        <section className={styles.intro} aria-labelledby="paywall-benefits">
          <p className={styles.eyebrow}>Your calmer days start here</p>
          <h1 id="paywall-benefits" className={styles.title}>
            Everything in {env.appName}, made for you
          </h1>
          <ul className={styles.benefits}>
            {benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </section>
      </div>

      <div className={styles.content}>
        {membership ? (
          <section className={styles.plans} aria-labelledby="paywall-headline">
            <h2 id="paywall-headline" className={styles.headline}>
              You are already a member
            </h2>
            <p className={styles.member}>
              Your plan: <strong>{membership.subscription_type}</strong>. Everything in {env.appName} is open to you.
            </p>
            <ButtonLink to="/settings/subscription" size="lg" block className={styles.cta}>
              Manage my subscription
            </ButtonLink>
          </section>
        ) : checking ? (
          <section className={styles.plans} aria-busy="true">
            <h2 className={styles.headline}>Choose your plan</h2>
            <PlansLoading />
          </section>
        ) : (
          <section className={styles.plans} aria-busy={plans.isPending}>
            <h2 id="paywall-headline" className={styles.headline}>
              {selected ? planHeadline(selected) : "Choose your plan"}
            </h2>
            {plans.isPending && <PlansLoading />}
            {plans.isError &&
              (isMissingCheckout(plans.error) ? (
                <Notice kind="info" title="This offer is no longer available">
                  Our regular plans are still here for you.{" "}
                  <Link to={{ pathname: "/subscription", search: location.search }}>See all plans</Link>
                </Notice>
              ) : (
                <Notice kind="error" title="Plans could not be loaded">
                  Please check your connection and reload the page.
                </Notice>
              ))}
            {plans.data && options.length === 0 && <Notice kind="info">There are no plans to show right now.</Notice>}
            {options.length > 0 && (
              <PlanPicker
                options={options}
                selectedId={selected?.id ?? null}
                onSelect={(option) => setChosenId(option.id)}
                labelledBy="paywall-headline"
              />
            )}
            {selected && (
              <p className={styles.due}>
                Due today: <strong>{formatMoney(selected.currency, dueTodayCents(selected))}</strong>
              </p>
            )}
            {/* With no plans to offer the notice above is the way on, not a button that cannot work. */}
            {!plans.isError && (
              <>
                <Button size="lg" block className={styles.cta} onClick={getPlan} disabled={!selected}>
                  Get My Plan
                </Button>
                <p className={styles.guarantee}>
                  <span aria-hidden="true">✓</span> Cancel anytime, in your profile or by e-mail. No questions asked.
                </p>
              </>
            )}
          </section>
        )}

        {!membership && !checking && selected?.isFreeTrial && (
          <section className={styles.card} aria-labelledby="paywall-timeline">
            <h2 id="paywall-timeline" className={styles.sectionTitle}>
              How your free trial works
            </h2>
            <ol className={styles.timeline}>
              {timeline.map((step) => (
                <li key={step.day}>
                  <span className={styles.day}>{step.day}</span>
                  <strong>{step.title}</strong>
                  <span>{step.text}</span>
                </li>
              ))}
            </ol>
          </section>
        )}

        <section className={styles.guaranteeCard} aria-labelledby="paywall-guarantee">
          <h2 id="paywall-guarantee" className={styles.sectionTitle}>
            Our calm guarantee
          </h2>
          <p>
            Try {env.appName} at your own pace. If it is not for you, cancel before your next billing date and you will not be charged
            again. You can withdraw within 14 days of a purchase.
          </p>
        </section>

        <section className={styles.similar} aria-labelledby="paywall-similar">
          <h2 id="paywall-similar" className={styles.sectionTitle}>
            Similar people
          </h2>
          <p className={styles.stat}>
            <strong>3 out of 4</strong> started to feel better within 2 weeks
          </p>
        </section>

        <Testimonials items={testimonials} titleId="paywall-reviews" titleClassName={styles.sectionTitle} />

        <section className={styles.legal} aria-label="Billing terms">
          {selected && <LegalNote plan={selected} />}
          {trial && !selected?.isFreeTrial && <LegalNote plan={trial} />}
          <p>
            Subscriptions renew automatically until cancelled; the yearly plan renews at its non-discounted price and payment is taken in
            advance. Cancel anytime online in your profile or by e-mailing <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>.
            The full {env.appName} experience needs an Android or iOS phone.
          </p>
          <p className={styles.agreement}>
            By continuing you agree to our <Link to="/terms-of-service">Terms of Service</Link> and{" "}
            <Link to="/privacy-policy">Privacy Policy</Link>.
          </p>
        </section>
      </div>

      {plans.data && (
        <PaymentDialog
          open={paying}
          packages={plans.data.packages}
          selected={plans.data.packages.find((pkg) => pkg.id === selected?.id) ?? null}
          checkout={checkoutRef(plans.data)}
          onClose={() => setPaying(false)}
          onDone={() => {
            // Spec 000 section 4: when the payment reports done, the dialog closes and the app goes to /,
            // whose page opens with the Premium welcome, once (decision 049).
            setPaying(false);
            markWelcomeDue();
            void navigate("/");
          }}
        />
      )}
    </NightBandPage>
  );
}

function LegalNote({ plan }: { plan: PlanOption }) {
  const price = formatMoney(plan.currency, plan.amountCents);
  let text: string;
  if (plan.isLifetime) text = `${price} billed once. Yours for good, no renewals.`;
  else if (plan.isFreeTrial) text = `${formatMoney(plan.currency, 0)} due today, then ${price} billed annually after 1 week.`;
  else if (plan.months === 1) text = `${price} billed every month until you cancel.`;
  else text = `${price} billed every ${plan.months} months until you cancel.`;
  return (
    <p>
      <strong>{planLegalName(plan)}:</strong> {text}
    </p>
  );
}
