/**
 * The rules a purchase, an upgrade and a failed renewal follow, apart from the lifecycle itself
 * (subscription-lifecycle.ts) and the offer clock (checkout-offer.ts). Pure: the API's payment
 * commands (apps/api/src/modules/payments/commands, docs/decisions/060-payment-commands.md) ask
 * them with what they read and act on the answer.
 */
import { PAYMENT_RETRY_DAYS, type LifecycleState } from "./subscription-lifecycle.ts";
import { DAY_MS } from "./time.ts";

/** Why a new purchase is refused beside the member's running subscription. */
export type DoublePurchaseRefusal = "lifetime_held" | "subscription_running";

/**
 * A second recurring subscription is refused while one runs; lifetime access, once held, is never
 * bought again; a lifetime purchase beside a recurring subscription is always welcome (it replaces
 * it), and so is any purchase beside a subscription that was cancelled. `running` is the member's
 * current subscription: its row status and its lifecycle state (null when it has none).
 */
export function doublePurchaseRefusal(
  running: { status: string; state: Pick<LifecycleState, "status"> | null } | null,
  buyingLifetime: boolean,
): DoublePurchaseRefusal | null {
  if (!running) return null;
  if (running.status === "lifetime") return "lifetime_held";
  if (!buyingLifetime && running.state?.status !== "canceled") return "subscription_running";
  return null;
}

/**
 * A free trial is given once per member: the package offers one (free-trial package with trial days)
 * and none of the member's subscriptions, past or present, was a trial (named "Free trial", or
 * started with one).
 */
export function trialAllowed(
  pkg: { isFreeTrial: boolean; trialDays: number },
  history: ReadonlyArray<{ planType: string | null; startedWithTrial: boolean }>,
): boolean {
  if (!pkg.isFreeTrial || pkg.trialDays <= 0) return false;
  return !history.some((row) => row.planType === "Free trial" || row.startedWithTrial);
}

/** How long an upgrade's preview holds its figures: sent back within it, the upgrade is charged exactly them. */
export const UPGRADE_QUOTE_VALID_MS = 30 * 60_000;

/**
 * The moment an upgrade is priced at: the preview's `quoted_at` when it is from the last half hour
 * (and not in the future), else now. Anything unreadable counts as no preview.
 */
export function upgradePricedAt(quotedAt: string | undefined, now: Date): Date {
  const at = quotedAt === undefined ? Number.NaN : Date.parse(quotedAt);
  if (Number.isNaN(at) || at > now.getTime() || at < now.getTime() - UPGRADE_QUOTE_VALID_MS) return now;
  return new Date(at);
}

/** How far ahead of its due time a renewal attempt may run: a clock a minute apart between servers is fine. */
export const RENEWAL_CLOCK_SKEW_MS = 60_000;

/**
 * When attempt `attempt` of the renewal of the period starting at `periodStart` is due: the first
 * (attempt 0) when the period starts, each retry a day after the one before.
 */
export function renewalAttemptAt(periodStart: Date, attempt: number): Date {
  return new Date(periodStart.getTime() + attempt * DAY_MS);
}

/** True when the attempt is not due yet at `now` (never charged ahead of time, give or take the clock skew). */
export function renewalAttemptEarly(periodStart: Date, attempt: number, now: Date): boolean {
  return now.getTime() < renewalAttemptAt(periodStart, attempt).getTime() - RENEWAL_CLOCK_SKEW_MS;
}

/**
 * What the failed-renewal e-mail promises after attempt `attempt` failed: when the card is tried
 * next (null after the last retry) and the last day of access, which is the end of the grace
 * period (`PAYMENT_RETRY_DAYS` after the period start) or, for a card, the day of the last retry when that
 * comes first. A wallet retries on its own schedule, so its member keeps the whole grace period.
 */
export function renewalRetryDates(input: { periodStart: Date; attempt: number; retryAttempts: number; wallet: boolean }): {
  nextAttempt: Date | null;
  lastDay: Date;
} {
  const { periodStart, attempt, retryAttempts } = input;
  const lastAttempt = renewalAttemptAt(periodStart, retryAttempts);
  const graceEnd = new Date(periodStart.getTime() + PAYMENT_RETRY_DAYS * DAY_MS);
  const lastDay = input.wallet || graceEnd < lastAttempt ? graceEnd : lastAttempt;
  const nextAttempt = attempt < retryAttempts ? renewalAttemptAt(periodStart, attempt + 1) : null;
  return { nextAttempt, lastDay };
}
