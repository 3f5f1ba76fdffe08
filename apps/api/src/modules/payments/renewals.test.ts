import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "@serene/db";
import { addBillingMonths, DAY_MS } from "@serene/domain";
import { bearer, mailsTo, registerMember, rows, type Member } from "../../test/accounts.ts";
import { CARDS, createBillingHarness, PKG, RETRIES, type BillingHarness } from "../../test/billing-clock.ts";
import { getAs, sendAs } from "../../test/content.ts";
import { CHARGE_DUE_JOB, RENEWAL_SWEEP_JOB, TRIAL_REMINDER_JOB } from "./billing.service.ts";

/**
 * The billing jobs: the trial's day-5 reminder and day-7 charge, renewals, failed renewals and
 * their retries, and the hourly sweep. The app runs with billing and purchases on a clock the
 * test moves; the job queue is a recorder, and each job is run by calling its handler.
 */

const HOUR = 3_600_000;

let h: BillingHarness;
let database: DatabaseHandle;
let app: FastifyInstance;
beforeAll(async () => {
  h = await createBillingHarness();
  ({ app, database } = h);
});
afterAll(async () => h.close());
beforeEach(() => {
  h.queued.length = 0;
  h.clock.now = Date.now();
});

// ---- helpers -----------------------------------------------------------------------------------

const runJob = (name: string, data: object) => h.runJob(name, data);
const chargeJob = (subscriptionId: string, periodStart: Date, attempt = 0) => h.chargeJob(subscriptionId, periodStart, attempt);
type Row = {
  id: string;
  status: string;
  plan_type: string;
  current_period_end: Date | null;
  customer_id: string | null;
  payment_method_id: string | null;
};
async function subscriptionOf(member: Member): Promise<Row> {
  const found = await rows<Row>(
    database,
    "select id, status, plan_type, current_period_end, customer_id, payment_method_id from subscriptions where user_id = $1 order by started_at desc",
    [member.id],
  );
  expect(found.length).toBeGreaterThan(0);
  return { ...found[0]!, current_period_end: found[0]!.current_period_end ? new Date(found[0]!.current_period_end) : null };
}
/** A member who bought the package by card at the billing clock's current time (approving at the bank if asked), then a second later. */
async function cardMember(pkg: number, number = CARDS.ok) {
  const { member } = await h.cardMember(pkg, number);
  return { member, subscription: await subscriptionOf(member) };
}
type Payment = { status: string; amount_cents: number; period_start: Date | null; failure_message: string | null };
const paymentsOf = async (member: Member) =>
  (
    await rows<Payment>(
      database,
      "select status, amount_cents, period_start, failure_message from payments where user_id = $1 order by created_at",
      [member.id],
    )
  ).map((row) => ({
    ...row,
    period_start: row.period_start ? new Date(row.period_start).toISOString() : null,
  }));
const sandboxCharges = (member: Member) =>
  rows<{ status: string }>(database, "select status from sandbox_payments where account = $1", [
    `cus_sandbox_${member.id.replaceAll("-", "")}`,
  ]);
const accountStatus = async (member: Member) => (await getAs(app, member.token, "/api/v1/user/account-status")).json();
const chargesQueued = (subscriptionId: string) =>
  h.queued.filter((job) => job.name === CHARGE_DUE_JOB && job.data.subscriptionId === subscriptionId);
const utcSecond = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

// ---- the trial ---------------------------------------------------------------------------------

describe("the free trial", () => {
  it("queues the day-5 reminder and the day-7 charge, and the reminder e-mails the member", async () => {
    const started = h.clock.now;
    const { member, subscription } = await cardMember(PKG.yearlyTrial);
    expect(h.queued.find((job) => job.name === TRIAL_REMINDER_JOB)).toMatchObject({
      data: { subscriptionId: subscription.id },
      startAfter: new Date(started + 5 * DAY_MS),
      singletonKey: `reminder:${subscription.id}`,
    });
    expect(chargesQueued(subscription.id)).toEqual([
      expect.objectContaining({
        data: { subscriptionId: subscription.id, periodStart: new Date(started + 7 * DAY_MS).toISOString(), attempt: 0 },
        startAfter: new Date(started + 7 * DAY_MS),
      }),
    ]);

    h.clock.now = started + 5 * DAY_MS;
    expect(await runJob(TRIAL_REMINDER_JOB, { subscriptionId: subscription.id })).toEqual({ sent: true });
    const mails = await mailsTo(database, member.email, "trial ends in 2 days");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("$59.99");
    const chargeDate = new Date(started + 7 * DAY_MS).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(mails[0]!.text).toContain(chargeDate);
  });

  it("sends no reminder once the trial was cancelled, and does not charge it on day 7", async () => {
    const started = h.clock.now;
    const { member, subscription } = await cardMember(PKG.yearlyTrial);
    expect((await sendAs(app, member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe")).json()).toEqual({
      message: "Successfully canceled!",
    });
    h.clock.now = started + 5 * DAY_MS;
    expect(await runJob(TRIAL_REMINDER_JOB, { subscriptionId: subscription.id })).toEqual({ sent: false });
    expect(await mailsTo(database, member.email, "trial ends")).toEqual([]);
    h.clock.now = started + 7 * DAY_MS;
    expect(await chargeJob(subscription.id, new Date(started + 7 * DAY_MS))).toEqual({ outcome: "not due" });
    expect(await paymentsOf(member)).toEqual([]);
    expect(await sandboxCharges(member)).toEqual([]);
    expect(await subscriptionOf(member)).toMatchObject({ status: "canceled", plan_type: "Free trial" });
  });

  it("charges on day 7, once however often the job runs: trialing becomes the active annual plan", async () => {
    h.clock.now = Date.now() - 8 * DAY_MS;
    const started = h.clock.now;
    const { member, subscription } = await cardMember(PKG.yearlyTrial);
    const daySeven = new Date(started + 7 * DAY_MS);
    expect(subscription).toMatchObject({ status: "trialing", current_period_end: daySeven });

    h.clock.now = started + 6 * DAY_MS;
    expect(await chargeJob(subscription.id, daySeven)).toEqual({ outcome: "not yet due" });
    expect(await paymentsOf(member)).toEqual([]);

    h.clock.now = daySeven.getTime();
    const outcomes = [await chargeJob(subscription.id, daySeven), await chargeJob(subscription.id, daySeven)];
    expect(outcomes).toEqual([{ outcome: "charged" }, { outcome: "not due" }]);
    const yearLater = addBillingMonths(daySeven, 12);
    expect(await subscriptionOf(member)).toMatchObject({ status: "active", plan_type: "Annual", current_period_end: yearLater });
    expect(await paymentsOf(member)).toEqual([
      { status: "succeeded", amount_cents: 5999, period_start: daySeven.toISOString(), failure_message: null },
    ]);
    expect(await sandboxCharges(member)).toEqual([{ status: "succeeded" }]);
    // The next renewal is queued for the end of the paid year.
    expect(chargesQueued(subscription.id).at(-1)).toMatchObject({
      data: { periodStart: yearLater.toISOString(), attempt: 0 },
      startAfter: yearLater,
    });
    expect(await accountStatus(member)).toMatchObject({
      subscription_type: "Annual",
      status: "active",
      current_period_end: utcSecond(yearLater),
      can_cancel: true,
      can_upgrade: false,
    });
    // The reminder for a trial that is over sends nothing.
    expect(await runJob(TRIAL_REMINDER_JOB, { subscriptionId: subscription.id })).toEqual({ sent: false });
  });

  it("charges once when two workers run the day-7 job at the same moment", async () => {
    const started = h.clock.now;
    const { member, subscription } = await cardMember(PKG.yearlyTrial);
    const daySeven = new Date(started + 7 * DAY_MS);
    h.clock.now = daySeven.getTime() + HOUR;
    const outcomes = await Promise.all([chargeJob(subscription.id, daySeven), chargeJob(subscription.id, daySeven)]);
    expect(outcomes).toContainEqual({ outcome: "charged" });
    expect((await paymentsOf(member)).filter((row) => row.status === "succeeded")).toHaveLength(1);
    expect(await sandboxCharges(member)).toHaveLength(1);
    expect(await subscriptionOf(member)).toMatchObject({ status: "active", current_period_end: addBillingMonths(daySeven, 12) });
  });
});

// ---- renewals ----------------------------------------------------------------------------------

describe("renewals", () => {
  it("renews a monthly plan at the end of its month and ignores stale and repeated jobs", async () => {
    h.clock.now = Date.now() - 31 * DAY_MS;
    const started = new Date(h.clock.now);
    const { member, subscription } = await cardMember(PKG.monthly);
    const end = addBillingMonths(started, 1);
    expect(subscription.current_period_end).toEqual(end);
    h.clock.now = end.getTime() + 5 * 60_000;

    // A job for another period (an old one, a wrong date, the next month) changes nothing.
    for (const stale of [started, new Date(end.getTime() - DAY_MS), addBillingMonths(end, 1)]) {
      expect(await chargeJob(subscription.id, stale)).toEqual({ outcome: "not due" });
    }
    expect(await paymentsOf(member)).toHaveLength(1);

    expect(await chargeJob(subscription.id, end)).toEqual({ outcome: "charged" });
    expect(await chargeJob(subscription.id, end)).toEqual({ outcome: "not due" });
    const next = addBillingMonths(end, 1);
    expect(await subscriptionOf(member)).toMatchObject({ status: "active", plan_type: "Monthly", current_period_end: next });
    expect((await paymentsOf(member)).map((row) => [row.status, row.amount_cents, row.period_start])).toEqual([
      ["succeeded", 1499, null],
      ["succeeded", 1499, end.toISOString()],
    ]);
    expect(await sandboxCharges(member)).toHaveLength(2);
  });

  it("does not renew lifetime access", async () => {
    const { member, subscription } = await cardMember(PKG.lifetime);
    expect(chargesQueued(subscription.id)).toEqual([]);
    expect(await chargeJob(subscription.id, addBillingMonths(new Date(h.clock.now), 1))).toEqual({ outcome: "not due" });
    expect(await paymentsOf(member)).toHaveLength(1);
  });

  it("retries a declined renewal a day apart, past due meanwhile, then ends access after the last retry", async () => {
    // 4000 0027 6000 3184 was approved at the bank for the first charge; off session it is declined.
    h.clock.now = Date.now() - 33 * DAY_MS;
    const started = new Date(h.clock.now);
    const { member, subscription } = await cardMember(PKG.monthly, CARDS.approval);
    expect(subscription).toMatchObject({
      status: "active",
      customer_id: expect.stringMatching(/^cus_sandbox_/),
      payment_method_id: expect.stringMatching(/^pm_sandbox_/),
    });
    const end = addBillingMonths(started, 1);

    h.clock.now = end.getTime();
    expect(await chargeJob(subscription.id, end)).toEqual({ outcome: "retry scheduled" });
    let row = await subscriptionOf(member);
    expect(row).toMatchObject({ status: "past_due", current_period_end: new Date(end.getTime() + 7 * DAY_MS) });
    expect(await accountStatus(member)).toMatchObject({
      status: "past_due",
      subscription_type: "Monthly",
      can_cancel: true,
      can_upgrade: false,
    });
    expect(chargesQueued(subscription.id).at(-1)).toMatchObject({
      data: { periodStart: end.toISOString(), attempt: 1 },
      startAfter: new Date(end.getTime() + DAY_MS),
    });

    // The retry is not run before its day; running the first attempt again changes nothing.
    expect(await chargeJob(subscription.id, end, 1)).toEqual({ outcome: "not yet due" });
    expect(await chargeJob(subscription.id, end, 0)).toEqual({ outcome: "retry scheduled" });
    expect((await paymentsOf(member)).filter((p) => p.status === "failed")).toHaveLength(1);

    for (let attempt = 1; attempt < RETRIES; attempt++) {
      h.clock.now = end.getTime() + attempt * DAY_MS;
      expect(await chargeJob(subscription.id, end, attempt)).toEqual({ outcome: "retry scheduled" });
      expect((await subscriptionOf(member)).status).toBe("past_due");
    }
    h.clock.now = end.getTime() + RETRIES * DAY_MS;
    expect(await chargeJob(subscription.id, end, RETRIES)).toEqual({ outcome: "ended" });
    row = await subscriptionOf(member);
    expect(row.status).toBe("expired");
    const payments = await paymentsOf(member);
    expect(payments.filter((p) => p.status === "succeeded").map((p) => p.amount_cents)).toEqual([1499]);
    expect(payments.filter((p) => p.status === "failed")).toHaveLength(RETRIES + 1);
    expect(
      payments.filter((p) => p.status === "failed").every((p) => p.period_start === end.toISOString() && p.failure_message !== null),
    ).toBe(true);
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null, status: null, can_cancel: false });
    // Nothing more is tried after the end.
    expect(await chargeJob(subscription.id, end, RETRIES)).toEqual({ outcome: "not due" });
    expect(await runJob(RENEWAL_SWEEP_JOB, {})).toMatchObject({ queued: expect.any(Number) });
    expect(chargesQueued(subscription.id).filter((job) => Number(job.data.attempt) > RETRIES)).toEqual([]);
  });

  it("bills the sandbox wallet's renewal and stops after the member cancels", async () => {
    h.clock.now = Date.now() - 31 * DAY_MS;
    const started = new Date(h.clock.now);
    const member = await registerMember(app, database);
    const url = (await getAs(app, member.token, `/api/v1/paypal/subscription?package_id=${PKG.walletMonthly}`)).json().url_to_redirect;
    const back = await app.inject({
      method: "POST",
      url,
      payload: "decision=approve",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const query = Object.fromEntries(new URL(back.headers.location as string, "http://x").searchParams);
    expect(
      (await app.inject({ method: "POST", url: "/api/v1/paypal/success-transaction", headers: bearer(member.token), payload: query }))
        .statusCode,
    ).toBe(200);
    const subscription = await subscriptionOf(member);
    const end = addBillingMonths(started, 1);
    h.clock.now = end.getTime();
    expect(await chargeJob(subscription.id, end)).toEqual({ outcome: "charged" });
    expect(await chargeJob(subscription.id, end)).toEqual({ outcome: "not due" });
    // The first period was billed when the agreement activated (no period named: as a card's first charge), then the renewal.
    expect((await paymentsOf(member)).map((p) => [p.status, p.amount_cents, p.period_start])).toEqual([
      ["succeeded", 1499, null],
      ["succeeded", 1499, end.toISOString()],
    ]);
    h.clock.now += 1000;
    expect((await sendAs(app, member.token, "DELETE", "/api/v1/subscription/web/cancel/paypal")).statusCode).toBe(200);
    const next = addBillingMonths(end, 1);
    h.clock.now = next.getTime();
    expect(await chargeJob(subscription.id, next)).toEqual({ outcome: "not due" });
    expect(await paymentsOf(member)).toHaveLength(2);
  });
});

describe("the hourly sweep", () => {
  it("queues the charge again for a billed subscription whose period ended over an hour ago, and not for others", async () => {
    const started = h.clock.now;
    const overdue = (await cardMember(PKG.yearlyTrial)).subscription;
    const cancelled = await cardMember(PKG.yearlyTrial);
    await sendAs(app, cancelled.member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe");
    const lifetime = (await cardMember(PKG.lifetime)).subscription;
    h.queued.length = 0;

    h.clock.now = started + 7 * DAY_MS + 30 * 60_000;
    await runJob(RENEWAL_SWEEP_JOB, {});
    expect(chargesQueued(overdue.id)).toEqual([]);

    h.clock.now = started + 7 * DAY_MS + 2 * HOUR;
    const swept = (await runJob(RENEWAL_SWEEP_JOB, {})) as { queued: number };
    expect(swept.queued).toBeGreaterThanOrEqual(1);
    expect(chargesQueued(overdue.id)).toEqual([
      expect.objectContaining({
        data: { subscriptionId: overdue.id, periodStart: new Date(started + 7 * DAY_MS).toISOString(), attempt: 0 },
        singletonKey: `${overdue.id}:${new Date(started + 7 * DAY_MS).toISOString()}:0`,
      }),
    ]);
    expect(chargesQueued(cancelled.subscription.id)).toEqual([]);
    expect(chargesQueued(lifetime.id)).toEqual([]);

    // The requeued job charges the overdue trial; the next sweep leaves it alone.
    expect(await chargeJob(overdue.id, new Date(started + 7 * DAY_MS))).toEqual({ outcome: "charged" });
    h.queued.length = 0;
    await runJob(RENEWAL_SWEEP_JOB, {});
    expect(chargesQueued(overdue.id)).toEqual([]);
  });
});
