import type { AccountStatusResponse, Package, PaymentProvider, UpgradePreviewResponse } from "@serene/contracts";
import {
  CANCELED_MESSAGE,
  formatMoney,
  NEED_APPROVE_MESSAGE,
  PAYMENT_PROVIDERS,
  planCardDescription,
  SUBSCRIBED_MESSAGE,
} from "@serene/domain";
import { useMemo, useState } from "react";
import { regionCurrency, toPlanOption, type PlanOption } from "../../../lib/buying/plans";
import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast-store";
import { isSubscriber } from "../../../lib/server-data/account-status";
import { env } from "../../../lib/env";
import { newRequestKey } from "../../../lib/api-client";
import { useWebPackages } from "../../../lib/buying/api/packages";
import { useCancelSubscription, useChangePlan, useUpgradePreview } from "../../../lib/buying/api/subscription";
import { pageLocation, reloadWithNotice, useNoticeAfterReload } from "../lib/page-reload";
import {
  formatDate,
  periodLine,
  providerName,
  statusLabel,
  statusTone,
  unlockPackage,
  upgradeQuote,
  type UpgradeQuote,
} from "../lib/subscription-model";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { BillingDetails, ReceiptsSection, ResumeSection, useBilling } from "./billing-details";
import { SettingsIcon } from "./settings-icon";
import styles from "./subscription.module.css";

interface SubscriptionSettingsProps {
  /** GET /user/account-status; undefined while it loads or when it failed. */
  status: AccountStatusResponse | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /**
   * A free member chose the monthly plan: the route opens the payment dialog for it, with every
   * package on offer (the dialog buys the same plan of the payment method chosen there).
   */
  onBuy: (selected: Package, packages: readonly Package[]) => void;
}

const isPaymentProvider = (value: string): value is PaymentProvider => (PAYMENT_PROVIDERS as readonly string[]).includes(value);

/** The bank's approval page, told to send the member back to this page afterwards. */
function withRedirectBack(url: string): string {
  try {
    const target = new URL(url, window.location.origin);
    target.searchParams.set("redirect", `${window.location.pathname}${window.location.search}`);
    return target.toString();
  } catch {
    return url;
  }
}

/**
 * /settings/subscription (spec 001 Settings): the subscription type, since when, through which
 * provider and until when; a free member gets the unlock-monthly offer, a paid member below annual
 * the upgrade to annual, and a paid member can cancel.
 */
export function SubscriptionSettings({ status, loading, failed, onRetry, onBuy }: SubscriptionSettingsProps) {
  useNoticeAfterReload();
  const [region] = useState(regionCurrency);
  const free = status !== undefined && !isSubscriber(status);
  // Every web package of both providers: the unlock-monthly and upgrade-to-annual offers and the
  // payment dialog pick from them; a failure shows the error toast.
  const packages = useWebPackages({}, { enabled: Boolean(status && (free || status.can_upgrade)) });
  const options = useMemo(() => (packages.data ?? []).map(toPlanOption), [packages.data]);
  const billing = useBilling(Boolean(status && !free));

  if (loading) {
    return (
      <div className={styles.stack} aria-busy="true" aria-label="Loading your subscription">
        <Skeleton className={styles.skeletonSummary} />
        <Skeleton className={styles.skeletonOffer} />
      </div>
    );
  }
  if (failed || !status) {
    return (
      <Notice kind="error" title="Your subscription could not be loaded">
        <p>Please check your connection and try again.</p>
        <Button variant="secondary" size="sm" className={styles.retry} onClick={onRetry}>
          Try again
        </Button>
      </Notice>
    );
  }

  // A query that is not needed (annual, lifetime) is pending without fetching: nothing to wait for.
  const packagesReady = !(packages.isPending && packages.isFetching);
  return (
    <div className={styles.stack}>
      <Summary status={status} />
      {!free && billing.data && <BillingDetails billing={billing.data} />}
      {!free && billing.data?.can_resume && <ResumeSection billing={billing.data} />}
      {free && (
        <UnlockOffer
          packages={options}
          ready={packagesReady}
          region={region}
          onBuy={(plan) => {
            const all = packages.data ?? [];
            const selected = all.find((pkg) => pkg.id === plan.id);
            if (selected) onBuy(selected, all);
          }}
        />
      )}
      {!free && status.can_upgrade && <UpgradeOffer status={status} packages={options} ready={packagesReady} region={region} />}
      {status.can_cancel && <CancelSection status={status} />}
      <ReceiptsSection />
    </div>
  );
}

function Summary({ status }: { status: AccountStatusResponse }) {
  const period = periodLine(status);
  const via = providerName(status.subscription_via);
  const since = formatDate(status.member_since);
  const tone = statusTone(status);
  return (
    <section className={styles.card} aria-labelledby="subscription-plan">
      <div className={styles.planHead}>
        <span className={styles.planIcon}>
          <SettingsIcon name="subscription" />
        </span>
        <div className={styles.planName}>
          <p className={styles.eyebrow}>Your plan</p>
          <h2 id="subscription-plan">{status.subscription_type ?? "Free"}</h2>
        </div>
        {tone !== "free" && <span className={[styles.badge, styles[tone]].join(" ")}>{statusLabel(status)}</span>}
      </div>
      <dl className={styles.details}>
        <div className={styles.row}>
          <dt>Subscription type</dt>
          <dd>{status.subscription_type ?? "Free"}</dd>
        </div>
        <div className={styles.row}>
          <dt>Member since</dt>
          <dd>{since ?? "—"}</dd>
        </div>
        <div className={styles.row}>
          <dt>Subscription via</dt>
          <dd>{via ?? "—"}</dd>
        </div>
        {period && (
          <div className={styles.row}>
            <dt>{period.label}</dt>
            <dd>{period.date}</dd>
          </div>
        )}
      </dl>
      {status.status === "canceled" && period && (
        <p className={styles.note}>Your subscription is canceled and will not renew. Everything stays open to you until {period.date}.</p>
      )}
    </section>
  );
}

interface OfferProps {
  packages: readonly PlanOption[];
  /** The packages have arrived (or could not). */
  ready: boolean;
  region: ReturnType<typeof regionCurrency>;
}

/** A free member's offer: the monthly plan, through the payment dialog. */
function UnlockOffer({ packages, ready, region, onBuy }: OfferProps & { onBuy: (plan: PlanOption) => void }) {
  const chosen = ready ? unlockPackage(packages, region) : null;
  const monthly = chosen && "package" in chosen ? chosen.package : null;
  const start = () => {
    const choice = unlockPackage(packages, region);
    if ("message" in choice) toast.error(choice.message);
    else onBuy(choice.package);
  };
  return (
    <section className={[styles.card, styles.offer].join(" ")} aria-labelledby="subscription-unlock">
      <div className={styles.offerText}>
        <p className={styles.eyebrow}>Monthly plan</p>
        <h2 id="subscription-unlock">Unlock {env.appName}</h2>
        <p>Every meditation, sleepcast, course and soundscape, and your full personal plan. Cancel anytime.</p>
      </div>
      <div className={styles.offerAction}>
        {monthly ? (
          <p className={styles.price}>
            <strong>{formatMoney(monthly.currency, monthly.amountCents)}</strong>
            <span> / month</span>
            <small>{planCardDescription(monthly)}</small>
          </p>
        ) : !ready ? (
          <Skeleton className={styles.skeletonPrice} />
        ) : null}
        <Button size="lg" onClick={start} disabled={!ready} aria-busy={!ready || undefined}>
          Start Monthly Plan
        </Button>
      </div>
    </section>
  );
}

/**
 * A paid member below annual: the upgrade, confirmed first with what is due today (the annual price less
 * the credit for the unused part of the paid period, from the server), sent with an Idempotency-Key and
 * the preview's moment, so the charge is what the member saw.
 */
function UpgradeOffer({ status, packages, ready, region }: OfferProps & { status: AccountStatusResponse }) {
  const [confirming, setConfirming] = useState<UpgradeQuote | null>(null);
  const provider = (status.subscription_via ?? "").toLowerCase();
  const quote = ready ? upgradeQuote(packages, status, region) : null;
  const shown = quote && "annual" in quote ? quote : null;
  const preview = useUpgradePreview(
    confirming && isPaymentProvider(provider) ? provider : null,
    confirming ? Number(confirming.annual.id) : null,
  );
  const upgrade = useChangePlan({
    onSuccess: (reply) => {
      if (reply.redirect_url) {
        pageLocation.assign(reply.message === NEED_APPROVE_MESSAGE ? withRedirectBack(reply.redirect_url) : reply.redirect_url);
        return;
      }
      setConfirming(null);
      reloadWithNotice(SUBSCRIBED_MESSAGE);
    },
    // The server's message already shows as the error toast.
    onError: () => setConfirming(null),
  });
  const ask = () => {
    const next = upgradeQuote(packages, status, region);
    if ("message" in next) toast.error(next.message);
    else setConfirming(next);
  };
  return (
    <section className={[styles.card, styles.offer].join(" ")} aria-labelledby="subscription-upgrade">
      <div className={styles.offerText}>
        <p className={styles.eyebrow}>Best value</p>
        <h2 id="subscription-upgrade">Go Annual</h2>
        <p>
          One payment a year instead of one a month.
          {shown?.savingCents ? (
            <>
              {" "}
              You save <strong>{formatMoney(shown.annual.currency, shown.savingCents)}</strong> a year.
            </>
          ) : null}
        </p>
      </div>
      <div className={styles.offerAction}>
        {shown ? (
          <p className={styles.price}>
            <strong>{formatMoney(shown.annual.currency, shown.annual.amountCents)}</strong>
            <span> / year</span>
            <small>That is {formatMoney(shown.annual.currency, shown.perMonthCents)} a month</small>
          </p>
        ) : !ready ? (
          <Skeleton className={styles.skeletonPrice} />
        ) : null}
        <Button size="lg" onClick={ask} disabled={!ready} aria-busy={!ready || undefined}>
          Upgrade to Annual
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Upgrade to Annual?"
        confirmLabel="Yes, upgrade"
        cancelLabel="Not now"
        busy={upgrade.isPending}
        confirmDisabled={!preview.isSuccess}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          confirming &&
          preview.data &&
          upgrade.mutate({
            provider,
            packageId: Number(confirming.annual.id),
            idempotencyKey: newRequestKey(),
            quotedAt: preview.data.quoted_at,
          })
        }
      >
        {confirming && (
          <UpgradeTerms
            plan={status.subscription_type ?? "current"}
            via={providerName(status.subscription_via)}
            preview={preview.data}
            failed={preview.isError}
            onRetry={() => void preview.refetch()}
          />
        )}
      </ConfirmDialog>
    </section>
  );
}

/**
 * What the upgrade costs today, line by line: the annual price, the credit for the unused part of the
 * plan already paid for, and what is due today; or, for a wallet that bills the new plan itself, when.
 */
function UpgradeTerms({
  plan,
  via,
  preview,
  failed,
  onRetry,
}: {
  plan: string;
  via: string | null;
  preview: UpgradePreviewResponse | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  if (!preview) {
    return failed ? (
      <div className={styles.termsProblem} role="alert">
        <p>What is due today could not be worked out just now, so nothing can be charged yet.</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    ) : (
      <div aria-busy="true" aria-label="Working out what is due today">
        <Skeleton className={styles.skeletonTerms} />
      </div>
    );
  }
  const renews = formatDate(preview.renews_at);
  const until = formatDate(preview.credit_until);
  return (
    <div className={styles.terms}>
      <p>
        Your {plan} plan becomes the Annual plan{renews ? `, renewing on ${renews}` : ""}.
      </p>
      <dl className={styles.termsList}>
        <div className={styles.termsRow}>
          <dt>{preview.plan}</dt>
          <dd>{preview.price}</dd>
        </div>
        {preview.credit && (
          <div className={styles.termsRow}>
            <dt>
              Credit for the unused part of your {plan} plan{until ? ` (until ${until})` : ""}
            </dt>
            <dd>−{preview.credit}</dd>
          </div>
        )}
        {preview.due_today !== null && (
          <div className={[styles.termsRow, styles.termsDue].join(" ")}>
            <dt>Due today</dt>
            <dd>{preview.due_today}</dd>
          </div>
        )}
      </dl>
      {preview.due_today === null && (
        <p className={styles.termsNote}>
          {via ?? "Your payment provider"} charges {preview.price} for the year on its own billing date.
        </p>
      )}
    </div>
  );
}

/** A paid member can cancel: 'Are you sure?', Yes, then 'Successfully canceled!' and a reload; failures are ignored. */
function CancelSection({ status }: { status: AccountStatusResponse }) {
  const [confirming, setConfirming] = useState(false);
  const until = formatDate(status.current_period_end);
  const cancel = useCancelSubscription({
    onSuccess: () => {
      setConfirming(false);
      reloadWithNotice(CANCELED_MESSAGE);
    },
    onError: () => setConfirming(false),
  });
  return (
    <section className={[styles.card, styles.cancel].join(" ")} aria-labelledby="subscription-cancel">
      <div className={styles.offerText}>
        <h2 id="subscription-cancel">Cancel anytime</h2>
        <p>
          {until
            ? `Your plan stops renewing. You keep full access until ${until}.`
            : "Your plan stops renewing. You keep full access until the end of the period you paid for."}
        </p>
      </div>
      <Button variant="secondary" onClick={() => setConfirming(true)} className={styles.cancelButton}>
        Cancel subscription
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Are you sure?"
        confirmLabel="Yes"
        cancelLabel="No, keep it"
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate(status.subscription_via ?? "")}
      >
        <p>{until ? `Your subscription will not renew. You keep access until ${until}.` : "Your subscription will not renew."}</p>
      </ConfirmDialog>
    </section>
  );
}
