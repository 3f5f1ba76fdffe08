import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEntitled, SUBSCRIPTION_STATUSES } from "./entitlement.ts";
import {
  addBillingMonths,
  applyEvent,
  applyEvents,
  billingPeriodEnd,
  canCancel,
  canUpgradeToAnnual,
  lifecycleFromJson,
  lifecycleToJson,
  nextBillingPeriod,
  PAYMENT_RETRY_DAYS,
  periodPaidAt,
  planFromMonths,
  subscriptionTypeLabel,
  trialSchedule,
  upgradeProration,
  type LifecycleEvent,
  type LifecycleState,
  type RecurringPlan,
} from "./subscription-lifecycle.ts";
import { DAY_MS } from "./time.ts";

const DAY = DAY_MS;
const t0 = new Date("2026-01-10T12:00:00Z");
const day = (n: number) => new Date(t0.getTime() + n * DAY);

let counter = 0;
const id = () => `evt_${++counter}`;
const started = (plan: RecurringPlan, trial = false, at = t0): LifecycleEvent => ({ type: "started", id: id(), at, plan, trial });
const charged = (periodStart: Date, periodEnd: Date, at = periodStart): LifecycleEvent => ({
  type: "charged",
  id: id(),
  at,
  periodStart,
  periodEnd,
});
const failed = (at: Date): LifecycleEvent => ({ type: "charge_failed", id: id(), at });
const cancel = (at: Date): LifecycleEvent => ({ type: "cancel_requested", id: id(), at });
const ended = (at: Date): LifecycleEvent => ({ type: "period_ended", id: id(), at });
const exhausted = (at: Date): LifecycleEvent => ({ type: "retries_exhausted", id: id(), at });
const upgraded = (at: Date, periodEnd = addBillingMonths(at, 12)): LifecycleEvent => ({
  type: "upgraded",
  id: id(),
  at,
  plan: "annual",
  periodStart: at,
  periodEnd,
});
const lifetime = (at: Date): LifecycleEvent => ({ type: "lifetime_purchased", id: id(), at });

/** Applies events in order and expects none to be refused. */
function run(...events: LifecycleEvent[]): LifecycleState {
  const { state, errors } = applyEvents(null, events);
  expect(errors).toEqual([]);
  if (state === null) throw new Error("no state");
  return state;
}

/** Expects the event to be refused, leaving the very same state. */
function refused(state: LifecycleState | null, event: LifecycleEvent, message: RegExp) {
  const result = applyEvent(state, event);
  expect(result.changed).toBe(false);
  expect(result.state).toBe(state);
  expect(result.error).toMatch(message);
}

/** Expects the event to change nothing, without an error. */
function noOp(state: LifecycleState, event: LifecycleEvent) {
  const result = applyEvent(state, event);
  expect(result).toEqual({ state, changed: false });
  expect(result.state).toBe(state);
}

const monthEnd = addBillingMonths(t0, 1);
const twoMonths = addBillingMonths(t0, 2);

describe("plans and the trial schedule", () => {
  it("sends the reminder on day 5 and charges on day 7", () => {
    expect(trialSchedule(t0)).toEqual({ reminderAt: day(5), chargeAt: day(7) });
  });

  it("maps package months and the lifetime flag to a plan", () => {
    expect([1, 3, 6, 12].map((months) => planFromMonths(months))).toEqual(["monthly", "quarterly", "half-year", "annual"]);
    expect(planFromMonths(1, true)).toBe("lifetime");
    expect(planFromMonths(2)).toBeNull();
  });

  it("adds calendar months, clamped to the end of a shorter month", () => {
    expect(addBillingMonths(new Date("2026-01-31T09:00:00Z"), 1)).toEqual(new Date("2026-02-28T09:00:00Z"));
    expect(addBillingMonths(new Date("2028-01-31T09:00:00Z"), 1)).toEqual(new Date("2028-02-29T09:00:00Z"));
    expect(addBillingMonths(new Date("2026-03-15T00:00:00Z"), 12)).toEqual(new Date("2027-03-15T00:00:00Z"));
    expect(billingPeriodEnd("quarterly", new Date("2026-11-30T00:00:00Z"))).toEqual(new Date("2027-02-28T00:00:00Z"));
  });
});

describe("starting", () => {
  it("starts a 7-day free trial", () => {
    const state = run(started("annual", true));
    expect(state).toMatchObject({
      status: "trialing",
      plan: "annual",
      trial: true,
      currentPeriodStart: t0,
      currentPeriodEnd: day(7),
      trialEndsAt: day(7),
      cancelAtPeriodEnd: false,
      failedAttempts: 0,
    });
    expect(isEntitled(state, day(6.9))).toBe(true);
    expect(isEntitled(state, day(7))).toBe(false);
    expect(subscriptionTypeLabel(state, day(1))).toBe("Free trial");
  });

  it("starts a paid subscription for one period of its plan", () => {
    const state = run(started("monthly"));
    expect(state).toMatchObject({
      status: "active",
      plan: "monthly",
      trial: false,
      currentPeriodStart: t0,
      currentPeriodEnd: monthEnd,
      trialEndsAt: null,
    });
    expect(subscriptionTypeLabel(state, day(1))).toBe("Monthly");
  });

  it("starts with an outright lifetime purchase", () => {
    const state = run(lifetime(t0));
    expect(state).toMatchObject({ status: "lifetime", plan: "lifetime", currentPeriodStart: t0, currentPeriodEnd: null });
    expect(isEntitled(state, day(100_000))).toBe(true);
  });

  it("refuses anything else without a subscription, and a second start", () => {
    refused(null, charged(t0, monthEnd), /no subscription/);
    refused(null, cancel(t0), /no subscription/);
    refused(run(started("monthly")), started("annual"), /already started/);
  });
});

describe("charges and renewals", () => {
  it("turns the trial into the paid annual plan with the day-7 charge", () => {
    const first = nextBillingPeriod(run(started("annual", true)));
    expect(first).toEqual({ periodStart: day(7), periodEnd: addBillingMonths(day(7), 12) });
    const state = run(started("annual", true), charged(day(7), addBillingMonths(day(7), 12)));
    expect(state).toMatchObject({
      status: "active",
      trial: false,
      currentPeriodStart: day(7),
      currentPeriodEnd: addBillingMonths(day(7), 12),
      trialEndsAt: day(7),
    });
    expect(subscriptionTypeLabel(state, day(30))).toBe("Annual");
  });

  it("renews for the next period", () => {
    const state = run(started("monthly"), charged(monthEnd, twoMonths));
    expect(state).toMatchObject({ status: "active", currentPeriodStart: monthEnd, currentPeriodEnd: twoMonths });
    expect(nextBillingPeriod(state)).toEqual({ periodStart: twoMonths, periodEnd: addBillingMonths(t0, 3) });
  });

  it("keeps a past_due member's access while the failed renewal is retried", () => {
    const state = run(started("monthly"), failed(monthEnd));
    expect(state).toMatchObject({ status: "past_due", failedAttempts: 1, currentPeriodStart: t0 });
    const retryEnd = new Date(monthEnd.getTime() + PAYMENT_RETRY_DAYS * DAY);
    expect(state.currentPeriodEnd).toEqual(retryEnd);
    expect(isEntitled(state, new Date(retryEnd.getTime() - 1))).toBe(true);
    expect(isEntitled(state, retryEnd)).toBe(false);
    expect(run(started("monthly"), failed(monthEnd), failed(new Date(monthEnd.getTime() + 2 * DAY))).failedAttempts).toBe(2);
  });

  it("returns to active when a retry succeeds", () => {
    const retried = new Date(monthEnd.getTime() + 3 * DAY);
    const state = run(started("monthly"), failed(monthEnd), charged(monthEnd, twoMonths, retried));
    expect(state).toMatchObject({ status: "active", failedAttempts: 0, currentPeriodEnd: twoMonths });
  });

  it("ends access when the retries are exhausted", () => {
    const state = run(started("monthly"), failed(monthEnd), exhausted(new Date(monthEnd.getTime() + 5 * DAY)));
    expect(state).toMatchObject({ status: "expired", currentPeriodEnd: monthEnd });
    expect(isEntitled(state, day(31))).toBe(false);
    expect(nextBillingPeriod(state)).toBeNull();
  });

  it("makes a period that ended without a renewal past_due, until a charge arrives", () => {
    const pastDue = run(started("monthly"), ended(monthEnd));
    expect(pastDue.status).toBe("past_due");
    const renewed = applyEvent(pastDue, charged(monthEnd, twoMonths, new Date(monthEnd.getTime() + DAY)));
    expect(renewed.state?.status).toBe("active");
  });

  it("ends a trial whose first charge failed and was never retried successfully", () => {
    const state = run(started("annual", true), failed(day(7)), exhausted(day(10)));
    expect(state.status).toBe("expired");
    expect(isEntitled(state, day(8))).toBe(false);
  });

  it("refuses a period that does not end after it starts", () => {
    const state = run(started("monthly"));
    refused(state, charged(monthEnd, monthEnd), /end after it starts/);
    refused(state, upgraded(day(3), day(3)), /end after it starts/);
    refused(state, { ...failed(day(3)), at: new Date(Number.NaN) }, /not a valid date/);
  });
});

describe("cancelling", () => {
  it("keeps access until the period ends, then expires", () => {
    const canceled = run(started("monthly"), cancel(day(10)));
    expect(canceled).toMatchObject({ status: "canceled", cancelAtPeriodEnd: true, currentPeriodEnd: monthEnd });
    expect(isEntitled(canceled, day(20))).toBe(true);
    expect(isEntitled(canceled, monthEnd)).toBe(false);
    expect(nextBillingPeriod(canceled)).toBeNull();
    const expired = applyEvent(canceled, ended(monthEnd)).state;
    expect(expired).toMatchObject({ status: "expired", cancelAtPeriodEnd: true });
  });

  it("cancels a trial so that the day-7 charge does not happen", () => {
    const state = run(started("annual", true), cancel(day(6)));
    expect(state.status).toBe("canceled");
    expect(nextBillingPeriod(state)).toBeNull();
    expect(subscriptionTypeLabel(state, day(6.5))).toBe("Free trial");
  });

  it("ends access at once when a past_due subscription is cancelled", () => {
    const state = run(started("monthly"), failed(monthEnd), cancel(new Date(monthEnd.getTime() + DAY)));
    expect(state.status).toBe("expired");
  });

  it("treats a charge taken after the cancellation as a reactivation: the member paid", () => {
    const state = run(started("monthly"), cancel(day(10)), charged(monthEnd, twoMonths));
    expect(state).toMatchObject({ status: "active", cancelAtPeriodEnd: false, currentPeriodEnd: twoMonths });
  });

  it("refuses to cancel an expired or a lifetime membership", () => {
    const expired = run(started("monthly"), failed(monthEnd), exhausted(day(35)));
    refused(expired, cancel(day(36)), /already expired/);
    refused(run(lifetime(t0)), cancel(day(1)), /lifetime membership has nothing to cancel/);
  });

  it("takes a second cancellation without complaint", () => {
    const once = run(started("monthly"), cancel(day(10)));
    const twice = applyEvent(once, cancel(day(12)));
    expect(twice.error).toBeUndefined();
    expect(twice.state?.status).toBe("canceled");
    noOp(twice.state!, cancel(day(11)));
  });
});

describe("upgrading to annual", () => {
  it("moves a monthly member to the annual plan with a new period", () => {
    const state = run(started("monthly"), upgraded(day(10)));
    expect(state).toMatchObject({
      status: "active",
      plan: "annual",
      currentPeriodStart: day(10),
      currentPeriodEnd: addBillingMonths(day(10), 12),
    });
    expect(subscriptionTypeLabel(state, day(40))).toBe("Annual");
    expect(nextBillingPeriod(state)?.periodEnd).toEqual(addBillingMonths(day(10), 24));
  });

  it("revives a cancelled subscription", () => {
    const state = run(started("quarterly"), cancel(day(5)), upgraded(day(10)));
    expect(state).toMatchObject({ status: "active", plan: "annual", cancelAtPeriodEnd: false });
  });

  it("refuses to upgrade an annual or a lifetime plan", () => {
    refused(run(started("annual")), upgraded(day(10)), /already annual/);
    refused(run(started("monthly"), upgraded(day(10))), upgraded(day(20)), /already annual/);
    refused(run(started("monthly"), lifetime(day(5))), upgraded(day(10)), /lifetime membership cannot be upgraded/);
  });
});

describe("the upgrade's credit (upgradeProration)", () => {
  const ANNUAL = 5999;
  const MONTHLY = 1499;
  const paidMonth = { start: t0, end: monthEnd, trial: false };
  const credit = (at: Date, paidCents = MONTHLY, period: { start: Date; end: Date; trial: boolean } | null = paidMonth) =>
    upgradeProration({ period, paidCents, priceCents: ANNUAL, at });

  it("credits the whole month on its first moment, and the annual price less it is due", () => {
    expect(monthEnd.getTime() - t0.getTime()).toBe(31 * DAY);
    expect(credit(t0)).toEqual({ priceCents: ANNUAL, creditCents: 1499, dueCents: 4500, creditUntil: monthEnd });
    // A moment before the period (a clock a little behind) is its start: the whole of it is unused.
    expect(credit(new Date(t0.getTime() - 60_000)).creditCents).toBe(1499);
  });

  it("credits the unused fraction of what was paid, rounded up to the cent", () => {
    // An hour in: 1499 × 743/744 = 1496.99 → 1497.
    expect(credit(new Date(t0.getTime() + 3_600_000))).toMatchObject({ creditCents: 1497, dueCents: 4502 });
    // Half-way through the 31 days: 749.5 → 750.
    expect(credit(new Date(t0.getTime() + 15.5 * DAY))).toMatchObject({ creditCents: 750, dueCents: 5249 });
    // A half-year plan a month in: 4499 × 151/181 = 3753.29 → 3754.
    const halfYear = { start: t0, end: addBillingMonths(t0, 6), trial: false };
    expect(halfYear.end.getTime() - t0.getTime()).toBe(181 * DAY);
    expect(credit(day(30), 4499, halfYear)).toMatchObject({ creditCents: 3754, dueCents: 2245 });
  });

  it("credits one day's worth on the last day, a cent in its last millisecond, and nothing once it ended", () => {
    // 1499 / 31 = 48.35 → 49.
    expect(credit(new Date(monthEnd.getTime() - DAY))).toMatchObject({ creditCents: 49, dueCents: 5950, creditUntil: monthEnd });
    expect(credit(new Date(monthEnd.getTime() - 1))).toMatchObject({ creditCents: 1, dueCents: 5998 });
    expect(credit(monthEnd)).toEqual({ priceCents: ANNUAL, creditCents: 0, dueCents: ANNUAL, creditUntil: null });
    expect(credit(day(40))).toMatchObject({ creditCents: 0, dueCents: ANNUAL });
  });

  it("credits nothing for a trial, a period nobody paid for, a refunded charge, or no period", () => {
    const none = { priceCents: ANNUAL, creditCents: 0, dueCents: ANNUAL, creditUntil: null };
    expect(credit(day(3), MONTHLY, { start: t0, end: day(7), trial: true })).toEqual(none);
    // After a refund what was paid for the period is 0.
    expect(credit(day(3), 0)).toEqual(none);
    expect(credit(day(3), MONTHLY, null)).toEqual(none);
    expect(credit(day(3), MONTHLY, { start: monthEnd, end: t0, trial: false })).toEqual(none);
  });

  it("never credits more than the new price: the upgrade is then free, nothing is paid back", () => {
    expect(upgradeProration({ period: paidMonth, paidCents: 9000, priceCents: ANNUAL, at: t0 })).toEqual({
      priceCents: ANNUAL,
      creditCents: ANNUAL,
      dueCents: 0,
      creditUntil: monthEnd,
    });
  });

  it("refuses amounts that are not whole minor units and times that are not dates", () => {
    expect(() => upgradeProration({ period: paidMonth, paidCents: 14.99, priceCents: ANNUAL, at: day(1) })).toThrow(RangeError);
    expect(() => upgradeProration({ period: paidMonth, paidCents: MONTHLY, priceCents: -1, at: day(1) })).toThrow(RangeError);
    expect(() => upgradeProration({ period: paidMonth, paidCents: MONTHLY, priceCents: ANNUAL, at: new Date(Number.NaN) })).toThrow(
      RangeError,
    );
  });

  it("holds for any period, payment, price and moment: the smallest whole credit that is at least the unused value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 400 * DAY }),
        fc.integer({ min: -DAY, max: 401 * DAY }),
        (paidCents, priceCents, length, offset) => {
          const period = { start: t0, end: new Date(t0.getTime() + length), trial: false };
          const at = new Date(t0.getTime() + offset);
          const result = upgradeProration({ period, paidCents, priceCents, at });
          const unused = BigInt(Math.min(length, Math.max(0, length - offset)));
          const exact = BigInt(paidCents) * unused;
          expect(result.dueCents + result.creditCents).toBe(priceCents);
          expect(result.creditCents).toBeGreaterThanOrEqual(0);
          expect(result.creditCents).toBeLessThanOrEqual(Math.min(paidCents, priceCents));
          if (result.creditCents < priceCents) {
            // Never less than the unused value (the member never pays for time they do not get) ...
            expect(BigInt(result.creditCents) * BigInt(length) >= exact).toBe(true);
            // ... and no more than a fraction of a cent above it.
            expect(BigInt(result.creditCents - 1) * BigInt(length) < exact).toBe(true);
          }
          // Later is never worth more.
          const later = upgradeProration({ period, paidCents, priceCents, at: new Date(at.getTime() + DAY) });
          expect(later.creditCents).toBeLessThanOrEqual(result.creditCents);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("lifetime", () => {
  it("replaces a subscription and keeps access forever", () => {
    const state = run(started("monthly"), failed(monthEnd), lifetime(day(33)));
    expect(state).toMatchObject({
      status: "lifetime",
      plan: "lifetime",
      currentPeriodStart: day(33),
      currentPeriodEnd: null,
      failedAttempts: 0,
    });
    expect(subscriptionTypeLabel(state, day(10_000))).toBe("Lifetime");
    expect(nextBillingPeriod(state)).toBeNull();
  });

  it("can be bought after a subscription expired", () => {
    expect(run(started("monthly"), cancel(day(2)), ended(monthEnd), lifetime(day(60))).status).toBe("lifetime");
  });

  it("refuses a second lifetime purchase and later period charges", () => {
    const state = run(started("monthly"), lifetime(day(5)));
    refused(state, lifetime(day(6)), /already lifetime/);
    refused(state, charged(monthEnd, twoMonths), /not charged for periods/);
  });

  it("ignores late news from before the purchase and billing noise after it", () => {
    const state = run(started("monthly"), lifetime(day(40)));
    noOp(state, charged(monthEnd, twoMonths, day(31)));
    noOp(state, cancel(day(20)));
    noOp(state, failed(day(50)));
    noOp(state, ended(day(50)));
    noOp(state, exhausted(day(50)));
  });
});

describe("idempotency and order", () => {
  it("applies a replayed event once", () => {
    const event = charged(monthEnd, twoMonths);
    const once = run(started("monthly"), event);
    const again = applyEvent(once, event);
    expect(again.changed).toBe(false);
    expect(again.state).toBe(once);
    expect(once.appliedEvents).toContain(event.id);
  });

  it("counts a replayed failure once", () => {
    const failure = failed(monthEnd);
    const state = applyEvents(null, [started("monthly"), failure, failure, failure]).state;
    expect(state?.failedAttempts).toBe(1);
  });

  it("ignores a late failure for a period that was since paid", () => {
    const failure = failed(monthEnd);
    const paid = run(started("monthly"), charged(monthEnd, twoMonths, new Date(monthEnd.getTime() + DAY)));
    noOp(paid, failure);
    const reordered = run(started("monthly"), failure, charged(monthEnd, twoMonths, new Date(monthEnd.getTime() + DAY)));
    expect({ ...reordered, appliedEvents: [] }).toEqual({ ...paid, appliedEvents: [] });
  });

  it("lets the charge for the latest period win, whatever arrives first", () => {
    const start = started("monthly");
    const second = charged(monthEnd, twoMonths);
    const third = charged(twoMonths, addBillingMonths(t0, 3));
    const inOrder = run(start, second, third);
    const reordered = run(start, third);
    noOp(reordered, second);
    expect(reordered.currentPeriodEnd).toEqual(inOrder.currentPeriodEnd);
    expect({ ...reordered, appliedEvents: [] }).toEqual({ ...inOrder, appliedEvents: [] });
  });

  it("ignores a period_ended that came before its period's end, or arrived after a renewal", () => {
    const state = run(started("monthly"));
    noOp(state, ended(day(10)));
    const renewed = run(started("monthly"), charged(monthEnd, twoMonths));
    noOp(renewed, ended(monthEnd));
  });
});

describe("reading the state", () => {
  const at = day(1);
  it("labels each plan for GET /user/account-status, and a free member with null", () => {
    expect(subscriptionTypeLabel(run(started("quarterly")), at)).toBe("3 Months");
    expect(subscriptionTypeLabel(run(started("half-year")), at)).toBe("6 Months");
    expect(subscriptionTypeLabel(null, at)).toBeNull();
    expect(subscriptionTypeLabel(run(started("monthly")), monthEnd)).toBeNull();
    expect(subscriptionTypeLabel(run(started("monthly"), failed(monthEnd), exhausted(day(35))), day(32))).toBeNull();
  });

  it("offers cancellation only for a running subscription not already cancelled", () => {
    expect(canCancel(run(started("annual", true)), at)).toBe(true);
    expect(canCancel(run(started("monthly")), at)).toBe(true);
    expect(canCancel(run(started("monthly"), failed(monthEnd)), day(32))).toBe(true);
    expect(canCancel(run(started("monthly"), cancel(at)), day(2))).toBe(false);
    expect(canCancel(run(lifetime(t0)), at)).toBe(false);
    expect(canCancel(run(started("monthly")), monthEnd)).toBe(false);
    expect(canCancel(null, at)).toBe(false);
  });

  it("offers the annual upgrade to paid, non-annual members in good standing", () => {
    expect(canUpgradeToAnnual(run(started("monthly")), at)).toBe(true);
    expect(canUpgradeToAnnual(run(started("half-year"), cancel(at)), day(2))).toBe(true);
    expect(canUpgradeToAnnual(run(started("monthly", true)), at)).toBe(false);
    expect(canUpgradeToAnnual(run(started("annual")), at)).toBe(false);
    expect(canUpgradeToAnnual(run(lifetime(t0)), at)).toBe(false);
    expect(canUpgradeToAnnual(run(started("monthly"), failed(monthEnd)), day(32))).toBe(false);
    expect(canUpgradeToAnnual(run(started("monthly")), monthEnd)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Model test: a simulated provider history, delivered duplicated and shuffled.

type Action = "renew" | "fail" | "tick" | "exhaust" | "cancel" | "upgrade" | "lifetime";
type ModelStatus = "trialing" | "active" | "past_due" | "canceled" | "expired" | "lifetime";

interface Scenario {
  events: LifecycleEvent[];
  /** What the simulation says the subscription ends as. */
  status: ModelStatus;
  periodEnd: Date;
}

const MINUTE = 60_000;

/** Plays a history as a provider would produce it: each action only when it can happen, at strictly increasing times. */
function simulate(plan: RecurringPlan, trial: boolean, steps: readonly { action: Action; waitDays: number }[]): Scenario {
  let n = 0;
  let now = t0;
  let currentPlan: RecurringPlan = plan;
  let status: ModelStatus = trial ? "trialing" : "active";
  let inTrial = trial;
  let periodEnd = trial ? trialSchedule(t0).chargeAt : billingPeriodEnd(plan, t0);
  const events: LifecycleEvent[] = [{ type: "started", id: `e${n++}`, at: t0, plan, trial }];
  const tick = (notBefore: Date = now) => {
    now = new Date(Math.max(now.getTime() + MINUTE, notBefore.getTime()));
    return now;
  };
  const running = () => status === "trialing" || status === "active" || status === "past_due";
  const accessEnd = () => periodEnd.getTime() + (status === "past_due" ? PAYMENT_RETRY_DAYS * DAY : 0);
  // The provider charges at the period end and retries within the retry window, never later.
  const canCharge = () => running() && now.getTime() + MINUTE < periodEnd.getTime() + PAYMENT_RETRY_DAYS * DAY;

  for (const { action, waitDays } of steps) {
    now = new Date(now.getTime() + waitDays * DAY);
    const eventId = `e${n++}`;
    switch (action) {
      case "renew":
        if (!canCharge()) break;
        {
          const at = tick(periodEnd);
          const end = billingPeriodEnd(currentPlan, periodEnd);
          events.push({ type: "charged", id: eventId, at, periodStart: periodEnd, periodEnd: end });
          periodEnd = end;
          status = "active";
          inTrial = false;
        }
        break;
      case "fail":
        if (!canCharge()) break;
        events.push({ type: "charge_failed", id: eventId, at: tick(periodEnd) });
        status = "past_due";
        break;
      case "tick":
        if (!running() && status !== "canceled") break;
        events.push({ type: "period_ended", id: eventId, at: tick(periodEnd) });
        status = status === "canceled" ? "expired" : "past_due";
        break;
      case "exhaust":
        if (status !== "past_due") break;
        events.push({ type: "retries_exhausted", id: eventId, at: tick() });
        status = "expired";
        break;
      case "cancel":
        if (!running() || now.getTime() + MINUTE >= accessEnd()) break;
        events.push({ type: "cancel_requested", id: eventId, at: tick() });
        status = status === "past_due" ? "expired" : "canceled";
        break;
      case "upgrade":
        if (
          (status !== "active" && status !== "canceled") ||
          inTrial ||
          currentPlan === "annual" ||
          now.getTime() + MINUTE >= periodEnd.getTime()
        )
          break;
        {
          const at = tick();
          periodEnd = billingPeriodEnd("annual", at);
          events.push({ type: "upgraded", id: eventId, at, plan: "annual", periodStart: at, periodEnd });
          currentPlan = "annual";
          status = "active";
        }
        break;
      case "lifetime":
        if (status === "lifetime") break;
        events.push({ type: "lifetime_purchased", id: eventId, at: tick() });
        status = "lifetime";
        break;
    }
  }
  return { events, status, periodEnd };
}

/** Renewals are common, failures less so, cancellations, exhaustion, upgrades and lifetime purchases rare. */
const actionArb = fc.oneof(
  { arbitrary: fc.constant<Action>("renew"), weight: 12 },
  { arbitrary: fc.constant<Action>("fail"), weight: 6 },
  { arbitrary: fc.constant<Action>("tick"), weight: 4 },
  { arbitrary: fc.constantFrom<Action>("cancel", "exhaust", "upgrade"), weight: 6 },
  { arbitrary: fc.constant<Action>("lifetime"), weight: 1 },
);

/** Mostly back-to-back events, sometimes a few days, now and then weeks (past a period end). */
const waitArb = fc.oneof(
  { arbitrary: fc.constant(0), weight: 3 },
  { arbitrary: fc.integer({ min: 1, max: 5 }), weight: 2 },
  { arbitrary: fc.integer({ min: 6, max: 40 }), weight: 1 },
);

const scenarioArb = fc
  .record({
    plan: fc.constantFrom<RecurringPlan>("monthly", "quarterly", "half-year", "annual"),
    trial: fc.boolean(),
    steps: fc.array(fc.record({ action: actionArb, waitDays: waitArb }), { maxLength: 16, size: "medium" }),
  })
  .map(({ plan, trial, steps }) => simulate(plan, trial, steps));

/** The scenario plus a delivery: `started` first (our API records it at checkout), the rest shuffled with replays. */
const deliveryArb = scenarioArb.chain((scenario) => {
  const [first, ...rest] = scenario.events as [LifecycleEvent, ...LifecycleEvent[]];
  return fc
    .array(fc.constantFrom(...scenario.events), { maxLength: 6 })
    .chain((replays) => {
      const pool = [...rest, ...replays];
      return fc.shuffledSubarray(pool, { minLength: pool.length, maxLength: pool.length });
    })
    .map((shuffled) => ({ scenario, delivery: [first, ...shuffled] }));
});

/** Everything but the record of applied ids, which may legitimately differ (a superseded event is not recorded). */
const meaning = (state: LifecycleState | null) => (state === null ? null : { ...state, appliedEvents: [] });

function latestPeriodEnd(events: readonly LifecycleEvent[]): number {
  let latest = 0;
  for (const event of events) {
    if (event.type === "charged" || event.type === "upgraded") latest = Math.max(latest, event.periodEnd.getTime());
    if (event.type === "started")
      latest = Math.max(
        latest,
        event.trial ? trialSchedule(event.at).chargeAt.getTime() : billingPeriodEnd(event.plan, event.at).getTime(),
      );
  }
  return latest;
}

describe("model: duplicated, reordered and replayed events", () => {
  it("converge to the state of the history applied once in time order", () => {
    fc.assert(
      fc.property(deliveryArb, ({ scenario, delivery }) => {
        // The history applied once, in time order, is accepted whole and matches the simulation.
        let ordered: LifecycleState | null = null;
        for (const event of [...scenario.events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
          if (event.type === "cancel_requested") expect(canCancel(ordered, event.at)).toBe(true);
          if (event.type === "upgraded") expect(canUpgradeToAnnual(ordered, event.at)).toBe(true);
          const result = applyEvent(ordered, event);
          expect(result.error).toBeUndefined();
          ordered = result.state;
        }
        expect(ordered?.status).toBe(scenario.status);
        if (scenario.status !== "lifetime") {
          const retry = scenario.status === "past_due" ? PAYMENT_RETRY_DAYS * DAY : 0;
          expect(ordered?.currentPeriodEnd?.getTime()).toBe(scenario.periodEnd.getTime() + retry);
        }

        const bound = latestPeriodEnd(scenario.events) + PAYMENT_RETRY_DAYS * DAY;
        const ids = new Set(scenario.events.map((event) => event.id));
        let state: LifecycleState | null = null;
        for (const event of delivery) {
          const result = applyEvent(state, event);
          // Every event of a valid history is accepted in any order.
          expect(result.error).toBeUndefined();
          state = result.state;
          // (1) The same event again changes nothing.
          const replay = applyEvent(state, event);
          expect(replay.changed).toBe(false);
          expect(replay.state).toBe(state);
          // (3) Always one of the six statuses; access never outlasts the period (plus the retry window) unless lifetime.
          expect(state).not.toBeNull();
          const current = state as LifecycleState;
          expect(SUBSCRIPTION_STATUSES).toContain(current.status);
          expect(current.appliedEvents.every((applied) => ids.has(applied))).toBe(true);
          if (current.status === "lifetime") {
            expect(current.currentPeriodEnd).toBeNull();
          } else {
            expect(current.currentPeriodEnd).not.toBeNull();
            const end = current.currentPeriodEnd as Date;
            expect(end.getTime()).toBeLessThanOrEqual(bound);
            expect(isEntitled(current, end)).toBe(false);
            if (current.status === "expired") expect(isEntitled(current, current.currentPeriodStart)).toBe(false);
          }
        }

        // (2) Same final state (and so the same entitlement and period end) as the history in time order.
        expect(meaning(state)).toEqual(meaning(ordered));
        for (const probe of [t0, ...scenario.events.map((event) => event.at), new Date(bound), new Date(bound + DAY)]) {
          expect(isEntitled(state, probe)).toBe(isEntitled(ordered, probe));
          expect(subscriptionTypeLabel(state, probe)).toBe(subscriptionTypeLabel(ordered, probe));
        }
      }),
      { numRuns: 1000 },
    );
  }, 30_000);
});

describe("the period a provider's charge pays", () => {
  const period = (periodStart: Date, periodEnd: Date) => ({ periodStart, periodEnd });

  it("books the first payment to the first period and each renewal, on time or up to two days early or late, to its own", () => {
    const facts = run(started("monthly"), charged(t0, monthEnd)).facts;
    expect(periodPaidAt(facts, new Date(t0.getTime() + 60_000))).toEqual(period(t0, monthEnd));
    expect(periodPaidAt(facts, monthEnd)).toEqual(period(monthEnd, twoMonths));
    expect(periodPaidAt(facts, new Date(monthEnd.getTime() - 1.5 * DAY))).toEqual(period(monthEnd, twoMonths));
    expect(periodPaidAt(facts, new Date(monthEnd.getTime() + 2 * DAY))).toEqual(period(monthEnd, twoMonths));
  });

  it("reads the calendar, not the latest period: a renewal delivered after the next one still pays its own", () => {
    const third = addBillingMonths(t0, 3);
    const later = run(started("monthly"), charged(t0, monthEnd), charged(twoMonths, third, twoMonths)).facts;
    expect(periodPaidAt(later, monthEnd)).toEqual(period(monthEnd, twoMonths));
  });

  it("starts paid periods when the trial ends, and annual periods at the upgrade", () => {
    const trial = run(started("annual", true)).facts;
    expect(periodPaidAt(trial, day(7))).toEqual(period(day(7), billingPeriodEnd("annual", day(7))));
    const upgradedAt = day(10);
    const facts = run(started("monthly"), charged(t0, monthEnd), upgraded(upgradedAt)).facts;
    expect(periodPaidAt(facts, upgradedAt)).toEqual(period(upgradedAt, addBillingMonths(upgradedAt, 12)));
    expect(periodPaidAt(facts, day(3))).toEqual(period(t0, monthEnd));
  });

  it("has no period for a membership that began as lifetime", () => {
    expect(periodPaidAt(run(lifetime(t0)).facts, day(40))).toBeNull();
  });

  it("gives every moment exactly one period, which holds it (property)", () => {
    const facts = run(started("monthly"), charged(t0, monthEnd)).facts;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 * DAY }), (offset) => {
        const at = new Date(t0.getTime() + offset);
        const { periodStart, periodEnd } = periodPaidAt(facts, at)!;
        expect(periodEnd).toEqual(billingPeriodEnd("monthly", periodStart));
        expect(at.getTime()).toBeLessThan(periodEnd.getTime() - 2 * DAY);
        expect(at.getTime()).toBeGreaterThanOrEqual(
          periodStart.getTime() === t0.getTime() ? t0.getTime() : periodStart.getTime() - 2 * DAY,
        );
      }),
    );
  });
});

describe("storage", () => {
  it("reads back a stored state that applies further events the same way", () => {
    const state = run(started("monthly"), charged(t0, monthEnd), cancel(day(3)));
    const stored = JSON.parse(JSON.stringify(lifecycleToJson(state))) as Record<string, unknown>;
    const read = lifecycleFromJson(stored)!;
    expect(read).toEqual(state);
    expect(read.currentPeriodEnd).toBeInstanceOf(Date);
    const next = charged(monthEnd, twoMonths, day(31));
    expect(applyEvent(read, next)).toEqual(applyEvent(state, next));
    expect(lifecycleFromJson(null)).toBeNull();
  });
});
