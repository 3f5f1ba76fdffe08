/**
 * The subscription lifecycle as a state machine (spec 000 sections 1, 4 and 9).
 *
 * Statuses are those of `SUBSCRIPTION_STATUSES` in entitlement.ts:
 *
 *   started (trial) ─► trialing ──charged──► active ──charged──► active …
 *                          │                    │
 *                          │ cancel_requested   │ charge_failed / period_ended
 *                          ▼                    ▼
 *                       canceled             past_due ──charged──► active
 *                          │ period_ended        │ retries_exhausted (or cancel)
 *                          ▼                     ▼
 *                       expired ◄────────────────┘
 *
 *   lifetime_purchased ─► lifetime (from anything, or as a first purchase; final)
 *   upgraded ─► active on the annual plan (from a paid plan that is not annual)
 *
 * Access is decided by `isEntitled` from the status and `currentPeriodEnd` alone: a canceled
 * member keeps access until the period ends, a past_due member keeps it for
 * `PAYMENT_RETRY_DAYS` after the period end while the charge is retried, expired has none,
 * lifetime always has it.
 *
 * Money safety: payment providers deliver webhooks late, twice and out of order. The state is
 * therefore built from *facts* that merge order-insensitively, and every status is derived
 * from them:
 * - the period is the newest by its own dates (end, then start), never the last to arrive;
 * - a cancellation counts only if it is later than the latest charge (money taken after a
 *   cancellation reactivates: the member paid for that period);
 * - a failed charge, `period_ended` and `retries_exhausted` count only at or after the current
 *   period's end, so news about a period that was since paid drops out;
 * - a lifetime purchase freezes the recurring facts.
 * Each fact is kept only while it still matters, so a superseded event changes nothing and is
 * not even recorded; an event that did change something is recorded by id, so a replay is
 * ignored. Refusals depend on the event's own time and fixed facts (plan, lifetime purchase
 * time), not on what happened to arrive first. Result: any arrival order of a history that is
 * valid in time order, with any duplicates, ends in the same state as that history applied once
 * in time order (proved by the model test). The one ordering assumption: `started` comes first,
 * because our API records it at checkout; a webhook for an unknown subscription is refused, and
 * the provider's redelivery applies it later.
 */
import { isEntitled, type SubscriptionStatus } from "./entitlement.ts";
import { DAY_MS } from "./time.ts";

/** What the member bought. Package months 1, 3, 6 and 12 map to the recurring kinds. */
export type PlanKind = "monthly" | "quarterly" | "half-year" | "annual" | "lifetime";
/** A plan that renews. */
export type RecurringPlan = Exclude<PlanKind, "lifetime">;

export const PLAN_MONTHS: Readonly<Record<RecurringPlan, number>> = { monthly: 1, quarterly: 3, "half-year": 6, annual: 12 };

/** Free trial length (spec 000 section 9): the first charge is on day 7. */
export const TRIAL_DAYS = 7;
/** The trial reminder e-mail goes out on day 5, two days before the charge. */
export const TRIAL_REMINDER_DAY = 5;
/**
 * How long a past_due member keeps access after the period end while the provider retries the
 * charge. Not in the spec: a product decision; `retries_exhausted` ends access sooner.
 */
export const PAYMENT_RETRY_DAYS = 7;

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** The plan of a package: lifetime by its flag, else by months (1, 3, 6, 12); null for other months. */
export function planFromMonths(months: number, isLifetime = false): PlanKind | null {
  if (isLifetime) return "lifetime";
  const found = (Object.keys(PLAN_MONTHS) as RecurringPlan[]).find((plan) => PLAN_MONTHS[plan] === months);
  return found ?? null;
}

/** Calendar months later in UTC, clamped to the month's last day (31 January + 1 month = 28 or 29 February). */
export function addBillingMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** Where a billing period of this plan that starts at `start` ends. */
export const billingPeriodEnd = (plan: RecurringPlan, start: Date): Date => addBillingMonths(start, PLAN_MONTHS[plan]);

/** The trial's two jobs (pg-boss): the reminder e-mail on day 5 and the first charge on day 7, when the trial ends. */
export function trialSchedule(startedAt: Date): { reminderAt: Date; chargeAt: Date } {
  return { reminderAt: addDays(startedAt, TRIAL_REMINDER_DAY), chargeAt: addDays(startedAt, TRIAL_DAYS) };
}

// ---------------------------------------------------------------------------------------------
// Events

interface EventBase {
  /** The provider's event id, or our idempotency key for events we raise ourselves. */
  id: string;
  /** When it happened (not when it arrived). */
  at: Date;
}

/** A paid period, as the provider reports it. */
interface PeriodFields {
  periodStart: Date;
  periodEnd: Date;
}

export type LifecycleEvent =
  /** Checkout: a new subscription, with or without the free trial. Recorded by our API, so always first. */
  | (EventBase & { type: "started"; plan: RecurringPlan; trial: boolean })
  /** A successful charge for a period: the first charge after the trial and every renewal. */
  | (EventBase & PeriodFields & { type: "charged" })
  /** A charge attempt that failed (the first renewal attempt or a retry). */
  | (EventBase & { type: "charge_failed" })
  /** The member cancelled (DELETE /subscription/web/cancel/{provider}); access lasts until the period ends. */
  | (EventBase & { type: "cancel_requested" })
  /** The member took the cancellation back before the period ended: billing goes on as before. */
  | (EventBase & { type: "resumed" })
  /** Time passed the period end (a scheduled job) without a renewal arriving first. */
  | (EventBase & { type: "period_ended" })
  /** The provider gave up retrying a failed renewal: access ends. */
  | (EventBase & { type: "retries_exhausted" })
  /** Upgrade to the annual plan, paid now for a new period. */
  | (EventBase & PeriodFields & { type: "upgraded"; plan: "annual" })
  /** A lifetime purchase: as a first purchase or on top of a subscription. */
  | (EventBase & { type: "lifetime_purchased" });

export type LifecycleEventType = LifecycleEvent["type"];

// ---------------------------------------------------------------------------------------------
// State

/** A trial or paid billing period. */
export interface BillingPeriod {
  start: Date;
  end: Date;
  trial: boolean;
}

/**
 * What the events established, merged so that arrival order does not matter. Persist it with the
 * state; the other fields of `LifecycleState` are derived from it. Each optional fact is kept
 * only while it still affects the outcome, which is what makes a superseded event a no-op.
 */
export interface LifecycleFacts {
  startedAt: Date;
  /** The plan bought at checkout; null when the first purchase was lifetime. */
  basePlan: RecurringPlan | null;
  startedWithTrial: boolean;
  /** The newest period by its dates (end, then start; paid beats trial); null once lifetime. */
  period: BillingPeriod | null;
  /** The latest moment money was taken or the subscription began: a cancellation before it is void. */
  lastRenewalAt: Date;
  /** The latest cancellation, kept only if after `lastRenewalAt` and after `lastResumeAt`. */
  lastCancelAt: Date | null;
  /**
   * The latest resume (the member took a cancellation back), kept only if after `lastRenewalAt`:
   * a cancellation counts only when it is later than it. Absent in states stored before resuming existed.
   */
  lastResumeAt?: Date | null;
  /** The latest `period_ended`, kept only if at or after the period end. */
  endedAt: Date | null;
  /** The latest `retries_exhausted`, kept only if at or after the period end. */
  exhaustedAt: Date | null;
  /** Failed charges at or after the period end, sorted by time and id. */
  failures: readonly { id: string; at: Date }[];
  upgradedAt: Date | null;
  lifetimeAt: Date | null;
}

/** The subscription as the rest of the product reads it. Structurally fits `isEntitled`. */
export interface LifecycleState {
  status: SubscriptionStatus;
  plan: PlanKind;
  /** The current period is the free trial. */
  trial: boolean;
  currentPeriodStart: Date;
  /** Access lasts until this moment (past_due includes the retry window); null for lifetime. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Failed charges since the period ended. */
  failedAttempts: number;
  /** When the free trial ends (or ended); null without a trial. */
  trialEndsAt: Date | null;
  /** Ids of the events that changed this subscription, sorted: a replay of any of them is ignored. */
  appliedEvents: readonly string[];
  facts: LifecycleFacts;
}

export interface LifecycleResult {
  state: LifecycleState | null;
  /** False for a duplicate, a superseded (stale) event and a refusal: nothing to store or announce. */
  changed: boolean;
  /** Why the event was refused; the state is returned unchanged. */
  error?: string;
}

// ---------------------------------------------------------------------------------------------
// Deriving the state from the facts

const later = (a: Date | null, b: Date): Date => (a === null || b > a ? b : a);

/** Orders periods by end, then start; a paid period beats a trial with the same dates. */
function newerPeriod(a: BillingPeriod | null, b: BillingPeriod): BillingPeriod {
  if (a === null) return b;
  const diff = b.end.getTime() - a.end.getTime() || b.start.getTime() - a.start.getTime() || Number(a.trial) - Number(b.trial);
  return diff > 0 ? b : a;
}

/** Drops the facts a (possibly new) period or renewal has made irrelevant. */
function normalise(facts: LifecycleFacts): LifecycleFacts {
  const end = facts.period?.end;
  const current = (at: Date | null) => (at !== null && end !== undefined && at >= end ? at : null);
  const resumedAt = facts.lastResumeAt && facts.lastResumeAt > facts.lastRenewalAt ? facts.lastResumeAt : null;
  return {
    startedAt: facts.startedAt,
    basePlan: facts.basePlan,
    startedWithTrial: facts.startedWithTrial,
    period: facts.period,
    lastRenewalAt: facts.lastRenewalAt,
    lastCancelAt:
      facts.lastCancelAt !== null && facts.lastCancelAt > facts.lastRenewalAt && (resumedAt === null || facts.lastCancelAt > resumedAt)
        ? facts.lastCancelAt
        : null,
    lastResumeAt: resumedAt,
    endedAt: current(facts.endedAt),
    exhaustedAt: current(facts.exhaustedAt),
    failures: facts.failures
      .filter((failure) => current(failure.at) !== null)
      .slice()
      .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    upgradedAt: facts.upgradedAt,
    lifetimeAt: facts.lifetimeAt,
  };
}

const factsKey = (facts: LifecycleFacts) => JSON.stringify(facts);

/** The status a set of facts means. */
function deriveStatus(facts: LifecycleFacts): SubscriptionStatus {
  if (facts.lifetimeAt !== null || facts.period === null) return "lifetime";
  const canceled = facts.lastCancelAt !== null;
  const ended = facts.endedAt !== null || facts.failures.length > 0;
  if (facts.exhaustedAt !== null) return "expired";
  if (ended) return canceled ? "expired" : "past_due";
  if (canceled) return "canceled";
  return facts.period.trial ? "trialing" : "active";
}

function deriveState(facts: LifecycleFacts, appliedEvents: readonly string[]): LifecycleState {
  const status = deriveStatus(facts);
  const trialEndsAt = facts.startedWithTrial ? addDays(facts.startedAt, TRIAL_DAYS) : null;
  if (status === "lifetime" || facts.period === null) {
    const since = facts.lifetimeAt ?? facts.startedAt;
    return {
      status: "lifetime",
      plan: "lifetime",
      trial: false,
      currentPeriodStart: since,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      failedAttempts: 0,
      trialEndsAt,
      appliedEvents,
      facts,
    };
  }
  const { period } = facts;
  return {
    status,
    // basePlan is null only for an outright lifetime purchase, handled above.
    plan: facts.upgradedAt !== null ? "annual" : (facts.basePlan ?? "monthly"),
    trial: period.trial,
    currentPeriodStart: period.start,
    currentPeriodEnd: status === "past_due" ? addDays(period.end, PAYMENT_RETRY_DAYS) : period.end,
    cancelAtPeriodEnd: facts.lastCancelAt !== null,
    failedAttempts: facts.failures.length,
    trialEndsAt,
    appliedEvents,
    facts,
  };
}

// ---------------------------------------------------------------------------------------------
// Applying events

type Merge = { facts: LifecycleFacts } | { error: string } | "unchanged";

function periodError(event: PeriodFields): string | null {
  if (!validDate(event.periodStart) || !validDate(event.periodEnd)) return "The period dates are not valid.";
  return event.periodEnd > event.periodStart ? null : "The period must end after it starts.";
}

const validDate = (date: unknown): date is Date => date instanceof Date && !Number.isNaN(date.getTime());

/** The first event of a subscription: a checkout or an outright lifetime purchase. */
function create(event: LifecycleEvent): LifecycleFacts | { error: string } {
  const blank = { lastCancelAt: null, lastResumeAt: null, endedAt: null, exhaustedAt: null, failures: [], upgradedAt: null };
  if (event.type === "lifetime_purchased") {
    return {
      startedAt: event.at,
      basePlan: null,
      startedWithTrial: false,
      period: null,
      lastRenewalAt: event.at,
      ...blank,
      lifetimeAt: event.at,
    };
  }
  if (event.type !== "started") return { error: `There is no subscription yet to apply "${event.type}" to.` };
  if (!(event.plan in PLAN_MONTHS))
    return { error: `"${String(event.plan)}" is not a recurring plan; a lifetime purchase is "lifetime_purchased".` };
  const period: BillingPeriod = event.trial
    ? { start: event.at, end: addDays(event.at, TRIAL_DAYS), trial: true }
    : { start: event.at, end: billingPeriodEnd(event.plan, event.at), trial: false };
  return {
    startedAt: event.at,
    basePlan: event.plan,
    startedWithTrial: event.trial,
    period,
    lastRenewalAt: event.at,
    ...blank,
    lifetimeAt: null,
  };
}

function merge(facts: LifecycleFacts, event: LifecycleEvent): Merge {
  const { lifetimeAt } = facts;
  // Once lifetime, the recurring facts are frozen: earlier news changes nothing, later money or requests are refused.
  const afterLifetime = lifetimeAt !== null && event.at >= lifetimeAt;
  switch (event.type) {
    case "started":
      return { error: "This subscription has already started." };

    case "lifetime_purchased":
      if (lifetimeAt !== null) return { error: "This membership is already lifetime." };
      // Everything recurring stops mattering: clear it so late news about it cannot differ by arrival order.
      return {
        facts: {
          ...facts,
          period: null,
          lastRenewalAt: event.at,
          lastCancelAt: null,
          lastResumeAt: null,
          endedAt: null,
          exhaustedAt: null,
          failures: [],
          upgradedAt: null,
          lifetimeAt: event.at,
        },
      };

    case "charged": {
      const invalid = periodError(event);
      if (invalid) return { error: invalid };
      if (afterLifetime) return { error: "A lifetime membership is not charged for periods; refund this charge." };
      if (lifetimeAt !== null) return "unchanged";
      return {
        facts: {
          ...facts,
          period: newerPeriod(facts.period, { start: event.periodStart, end: event.periodEnd, trial: false }),
          lastRenewalAt: later(facts.lastRenewalAt, event.at),
        },
      };
    }

    case "upgraded": {
      const invalid = periodError(event);
      if (invalid) return { error: invalid };
      if (afterLifetime) return { error: "A lifetime membership cannot be upgraded." };
      if (lifetimeAt !== null) return "unchanged";
      if (facts.basePlan === "annual" || facts.upgradedAt !== null) return { error: "The plan is already annual." };
      if (facts.basePlan === null) return { error: "Only a recurring plan can be upgraded to annual." };
      return {
        facts: {
          ...facts,
          upgradedAt: event.at,
          period: newerPeriod(facts.period, { start: event.periodStart, end: event.periodEnd, trial: false }),
          lastRenewalAt: later(facts.lastRenewalAt, event.at),
        },
      };
    }

    case "cancel_requested":
      if (afterLifetime) return { error: "A lifetime membership has nothing to cancel." };
      if (lifetimeAt !== null) return "unchanged";
      if (facts.exhaustedAt !== null && facts.exhaustedAt <= event.at) return { error: "This subscription has already expired." };
      return { facts: { ...facts, lastCancelAt: later(facts.lastCancelAt, event.at) } };

    case "resumed":
      if (afterLifetime) return { error: "A lifetime membership has nothing to resume." };
      if (lifetimeAt !== null) return "unchanged";
      if (facts.exhaustedAt !== null && facts.exhaustedAt <= event.at) return { error: "This subscription has already expired." };
      if (facts.period !== null && event.at >= facts.period.end) return { error: "The period has ended; a new subscription is needed." };
      return { facts: { ...facts, lastResumeAt: later(facts.lastResumeAt ?? null, event.at) } };

    case "charge_failed":
      if (lifetimeAt !== null) return "unchanged";
      return { facts: { ...facts, failures: [...facts.failures, { id: event.id, at: event.at }] } };

    case "period_ended":
      if (lifetimeAt !== null) return "unchanged";
      return { facts: { ...facts, endedAt: later(facts.endedAt, event.at) } };

    case "retries_exhausted":
      if (lifetimeAt !== null) return "unchanged";
      return { facts: { ...facts, exhaustedAt: later(facts.exhaustedAt, event.at) } };
  }
}

function withId(ids: readonly string[], id: string): readonly string[] {
  const index = ids.findIndex((existing) => existing > id);
  return index === -1 ? [...ids, id] : [...ids.slice(0, index), id, ...ids.slice(index)];
}

/**
 * Applies one event. Pure: returns the next state, or the same state with `changed: false` when
 * the event was already applied, is superseded by what the state already knows (a late charge
 * for an older period, a failure before the period that was since paid, ...), or is refused
 * (then `error` says why).
 */
export function applyEvent(state: LifecycleState | null, event: LifecycleEvent): LifecycleResult {
  if (!validDate(event.at)) return { state, changed: false, error: "The event time is not a valid date." };
  if (state !== null && state.appliedEvents.includes(event.id)) return { state, changed: false };

  if (state === null) {
    const created = create(event);
    if ("error" in created) return { state, changed: false, error: created.error };
    return { state: deriveState(normalise(created), [event.id]), changed: true };
  }

  const merged = merge(state.facts, event);
  if (merged === "unchanged") return { state, changed: false };
  if ("error" in merged) return { state, changed: false, error: merged.error };
  const facts = normalise(merged.facts);
  // Compared with the stored facts normalised, so a state stored before a fact existed is not "changed" by a no-op.
  if (factsKey(facts) === factsKey(normalise(state.facts))) return { state, changed: false };
  return { state: deriveState(facts, withId(state.appliedEvents, event.id)), changed: true };
}

/** Applies events in the given order; refusals are collected and skipped. */
export function applyEvents(
  state: LifecycleState | null,
  events: Iterable<LifecycleEvent>,
): { state: LifecycleState | null; errors: { id: string; error: string }[] } {
  let current = state;
  const errors: { id: string; error: string }[] = [];
  for (const event of events) {
    const result = applyEvent(current, event);
    if (result.error !== undefined) errors.push({ id: event.id, error: result.error });
    current = result.state;
  }
  return { state: current, errors };
}

// ---------------------------------------------------------------------------------------------
// Reading the state

/** `isEntitled` (entitlement.ts) on this state: access comes from the state alone. */
const entitled = (state: LifecycleState | null | undefined, now: Date): state is LifecycleState => isEntitled(state, now);

export type SubscriptionTypeLabel = "Monthly" | "3 Months" | "6 Months" | "Annual" | "Lifetime" | "Free trial";

const PLAN_LABELS: Readonly<Record<PlanKind, SubscriptionTypeLabel>> = {
  monthly: "Monthly",
  quarterly: "3 Months",
  "half-year": "6 Months",
  annual: "Annual",
  lifetime: "Lifetime",
};

/**
 * `subscription_type` of GET /user/account-status: 'Free trial' while the current period is the
 * trial (also once cancelled), else the plan; null for a free member (no access now).
 */
export function subscriptionTypeLabel(state: LifecycleState | null | undefined, now: Date): SubscriptionTypeLabel | null {
  return entitled(state, now) ? planLabel(state) : null;
}

/** The plan as stored and shown beside the subscription: 'Free trial' during the trial, else the plan's label. */
export function planLabel(state: LifecycleState): SubscriptionTypeLabel {
  return state.trial ? "Free trial" : PLAN_LABELS[state.plan];
}

/** Whether the member can cancel now: a running trial or paid subscription, not already cancelled. */
export function canCancel(state: LifecycleState | null | undefined, now: Date): boolean {
  return entitled(state, now) && (state.status === "trialing" || state.status === "active" || state.status === "past_due");
}

/**
 * Whether the upgrade to annual is offered: a paid period in good standing (active, or
 * cancelled but still running; not trialing, not past_due) on a plan that is not annual.
 */
export function canUpgradeToAnnual(state: LifecycleState | null | undefined, now: Date): boolean {
  if (!entitled(state, now)) return false;
  if (state.status !== "active" && state.status !== "canceled") return false;
  return !state.trial && state.plan !== "annual" && state.plan !== "lifetime";
}

/** What the upgrade to annual costs at one moment (see `upgradeProration`), in minor units of one currency. */
export interface UpgradeProration {
  /** The new plan's price. */
  priceCents: number;
  /** What the unused part of the current period is worth: taken off the price. */
  creditCents: number;
  /** What is charged today: the price less the credit, never below 0. */
  dueCents: number;
  /** The end of the period the credit is for; null when nothing is credited. */
  creditUntil: Date | null;
}

const minorUnits = (name: string, value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative number of minor units.`);
  return value;
};

/**
 * The upgrade to annual, prorated (docs/decisions/053-upgrade-credit-and-wallet-receipts.md): the
 * member is credited for the part of the current period they paid for and will not use, as card
 * processors prorate by default, and pays the new price less that credit today.
 *
 *     credit = ⌈ paid × (end − at) / (end − start) ⌉, at most the new price
 *     due    = price − credit
 *
 * - `period` is the current billing period and `paidCents` what was actually paid for it, after
 *   refunds. A trial period, a period nobody paid for (`paidCents` 0, also a refunded charge) and
 *   no period at all credit nothing.
 * - Times are instants (UTC milliseconds): `at` before the period starts counts as its start (the
 *   whole of it is unused), `at` at or after its end leaves nothing to credit.
 * - Rounding: the credit is rounded **up** to the whole minor unit, so a fraction of a cent always
 *   goes to the member and what they pay in total never exceeds the value of the time they get.
 *   Worked in exact integer arithmetic (BigInt), never floating point, so the credit is never more
 *   than was paid.
 * - The credit never exceeds the new price: nothing is paid back, the upgrade is simply free.
 */
export function upgradeProration(input: {
  period: Pick<BillingPeriod, "start" | "end" | "trial"> | null;
  paidCents: number;
  priceCents: number;
  at: Date;
}): UpgradeProration {
  const priceCents = minorUnits("priceCents", input.priceCents);
  const paidCents = minorUnits("paidCents", input.paidCents);
  if (!validDate(input.at)) throw new RangeError("at must be a valid date.");
  const { period } = input;
  const none: UpgradeProration = { priceCents, creditCents: 0, dueCents: priceCents, creditUntil: null };
  if (!period || period.trial || paidCents === 0 || !validDate(period.start) || !validDate(period.end)) return none;
  const start = BigInt(period.start.getTime());
  const end = BigInt(period.end.getTime());
  const at = BigInt(input.at.getTime());
  if (end <= start || at >= end) return none;
  const length = end - start;
  const unused = at <= start ? length : end - at;
  const numerator = BigInt(paidCents) * unused;
  // Ceiling division of non-negative integers.
  const credit = Number((numerator + length - 1n) / length);
  const creditCents = Math.min(credit, priceCents);
  if (creditCents === 0) return none;
  return { priceCents, creditCents, dueCents: priceCents - creditCents, creditUntil: new Date(period.end.getTime()) };
}

/**
 * The period the next charge pays for (the first charge after the trial, or the renewal), or
 * null when nothing may be charged: lifetime, expired, or cancelled. The charge job asks this
 * right before charging, so a trial cancelled on day 6 is not charged on day 7.
 */
export function nextBillingPeriod(state: LifecycleState | null | undefined): { periodStart: Date; periodEnd: Date } | null {
  if (!state || state.facts.period === null || state.cancelAtPeriodEnd) return null;
  if (state.status !== "trialing" && state.status !== "active" && state.status !== "past_due") return null;
  const plan = state.plan === "lifetime" ? null : state.plan;
  if (plan === null) return null;
  const start = state.facts.period.end;
  return { periodStart: start, periodEnd: billingPeriodEnd(plan, start) };
}

/** How early a provider may take a renewal before its period starts and still pay that period. */
export const EARLY_CHARGE_DAYS = 2;

/**
 * The billing period a provider's charge at `at` pays, read from the subscription's own calendar
 * (its start, the trial, the upgrade to annual) rather than from the notices that arrived before
 * it, so a notice delivered late, twice or out of order books the same period. Null for a
 * membership that began as lifetime.
 */
export function periodPaidAt(facts: LifecycleFacts, at: Date): { periodStart: Date; periodEnd: Date } | null {
  if (facts.basePlan === null) return null;
  const upgraded = facts.upgradedAt !== null && at >= addDays(facts.upgradedAt, -EARLY_CHARGE_DAYS);
  const plan: RecurringPlan = upgraded ? "annual" : facts.basePlan;
  let start = upgraded ? facts.upgradedAt! : facts.startedWithTrial ? addDays(facts.startedAt, TRIAL_DAYS) : facts.startedAt;
  let end = billingPeriodEnd(plan, start);
  while (at >= addDays(end, -EARLY_CHARGE_DAYS)) {
    start = end;
    end = billingPeriodEnd(plan, start);
  }
  return { periodStart: start, periodEnd: end };
}

// ---------------------------------------------------------------------------------------------
// Storage

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The state as JSON (dates as ISO strings), to keep beside the subscription row. */
export function lifecycleToJson(state: LifecycleState): Record<string, unknown> {
  return JSON.parse(JSON.stringify(state)) as Record<string, unknown>;
}

/** Reads a state written by `lifecycleToJson` (ISO strings become dates again). */
export function lifecycleFromJson(json: Record<string, unknown> | null | undefined): LifecycleState | null {
  if (!json) return null;
  return JSON.parse(JSON.stringify(json), (_key, value: unknown) =>
    typeof value === "string" && ISO_DATE.test(value) ? new Date(value) : value,
  ) as LifecycleState;
}
