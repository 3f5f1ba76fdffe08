import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardFunnels, DashboardMoney, DashboardSubscriptions } from "@serene/contracts";
import { DAY_MS } from "@serene/domain";
import { buildFunnelReport } from "../analytics/funnel-report.ts";
import { bearer, randomIp } from "../../test/accounts.ts";
import { createBillingHarness, PKG, type BillingHarness } from "../../test/billing-clock.ts";
import { createStaff, type StaffAccount } from "../../test/staff.ts";

/**
 * The analyst's dashboard (decision 069) after a scripted stretch of business: sign-ups, a card and a
 * wallet purchase, a trial, and a refund; the figures move by exactly what happened, on the day it happened.
 */
let h: BillingHarness;
let analyst: StaffAccount;
let owner: StaffAccount;
let support: StaffAccount;
beforeAll(async () => {
  h = await createBillingHarness();
  analyst = await createStaff(h.app, h.services, "analyst");
  owner = await createStaff(h.app, h.services, "owner");
  support = await createStaff(h.app, h.services, "support");
});
afterAll(async () => h.close());

const today = () => new Date().toISOString().slice(0, 10);
const read = (query: string, token = analyst.token) =>
  h.app.inject({ url: `/api/v1/admin/dashboard/money${query}`, headers: bearer(token), remoteAddress: randomIp() });
async function figures(query = `?from=${today()}&to=${today()}`): Promise<DashboardMoney["data"]> {
  const res = await read(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const usd = (entry: { revenue: { currency: string; gross_cents: number; refunded_cents: number; net_cents: number }[] }) =>
  entry.revenue.find((money) => money.currency === "USD") ?? { currency: "USD", gross_cents: 0, refunded_cents: 0, net_cents: 0 };
const plans = (data: DashboardMoney["data"]) => Object.fromEntries(data.active_by_plan.map((row) => [row.plan, row.count]));

describe("the dashboard's money and sign-ups", () => {
  it("moves by what happened today: three sign-ups, $29.98 taken, $5.00 given back, and the plans now running", async () => {
    const before = await figures();
    const { member: card } = await h.cardMember(PKG.monthly);
    await h.walletMember(PKG.walletMonthly);
    await h.cardMember(PKG.yearlyTrial);
    const [payment] = (await h.database.executeSql("select id from payments where user_id = $1", [card.id])).rows as { id: string }[];
    await h.services.refunds.refund(
      { staff: { id: support.id, email: support.email }, from: { ip: null, userAgent: null } },
      card.id,
      payment!.id,
      { amount_cents: 500, reason: "The dashboard test" },
      undefined,
    );
    const after = await figures();

    expect(after.days).toHaveLength(1);
    expect(after.days[0]!.signups - before.days[0]!.signups).toBe(3);
    const [was, is] = [usd(before.totals), usd(after.totals)];
    expect({
      gross: is.gross_cents - was.gross_cents,
      refunded: is.refunded_cents - was.refunded_cents,
      net: is.net_cents - was.net_cents,
    }).toEqual({
      gross: 2998,
      refunded: 500,
      net: 2498,
    });
    expect(usd(after.days[0]!)).toEqual(usd(after.totals));
    expect(after.months).toEqual([{ month: today().slice(0, 7), signups: after.totals.signups, revenue: after.totals.revenue }]);
    const [planBefore, planAfter] = [plans(before), plans(after)];
    const grew = Object.fromEntries(
      Object.keys(planAfter)
        .map((plan) => [plan, planAfter[plan]! - (planBefore[plan] ?? 0)] as const)
        .filter(([, count]) => count > 0),
    );
    // Two monthly plans (card and wallet) and one yearly plan in its free trial.
    expect(Object.values(grew).reduce((sum, count) => sum + count, 0)).toBe(3);
  });

  it("answers every day of a range, the empty ones too, and the last 30 days when asked nothing", async () => {
    const open = await figures("");
    expect(open.days).toHaveLength(30);
    expect(open.to).toBe(today());
    const old = await figures("?from=2020-01-30&to=2020-02-02");
    expect(old.days.map((day) => [day.day, day.signups, day.revenue])).toEqual([
      ["2020-01-30", 0, []],
      ["2020-01-31", 0, []],
      ["2020-02-01", 0, []],
      ["2020-02-02", 0, []],
    ]);
    expect(old.months.map((month) => month.month)).toEqual(["2020-01", "2020-02"]);
  });

  it("refuses a day that is not one, a range backwards or too long; opens for owners and analysts only", async () => {
    for (const [query, field, message] of [
      ["?from=2026-02-30", "from", "The from field must be a real day, as YYYY-MM-DD."],
      ["?to=yesterday", "to", "Give a day as YYYY-MM-DD."],
      ["?from=2026-11-02&to=2026-11-01", "from", "The from day must not be after the to day."],
      ["?from=2020-01-01&to=2026-01-01", "from", "A range may hold at most 731 days."],
    ] as const) {
      const res = await read(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[field], query).toEqual([message]);
    }
    expect((await read("", owner.token)).statusCode).toBe(200);
    expect((await read("", support.token)).statusCode).toBe(403);
    expect((await h.app.inject({ url: "/api/v1/admin/dashboard/money" })).statusCode).toBe(401);
  });
});

async function subscriptionFigures(query = `?from=${today()}&to=${today()}`): Promise<DashboardSubscriptions["data"]> {
  const res = await h.app.inject({
    url: `/api/v1/admin/dashboard/subscriptions${query}`,
    headers: bearer(analyst.token),
    remoteAddress: randomIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** The member cancels, then their period runs out a minute ago (earlier today), as the billing clock would have it. */
async function cancelAndRunOut(member: { id: string }, provider: "stripe" | "paypal" = "stripe", runOut = true) {
  await h.services.purchases.cancel(member.id, provider, "The dashboard test");
  if (runOut)
    await h.database.executeSql(
      "update subscriptions set current_period_end = greatest(date_trunc('day', now()), now() - interval '1 minute') where user_id = $1",
      [member.id],
    );
}

describe("the dashboard's trials, churn and recurring revenue", () => {
  it("moves by what happened today: two trials begun, one converted, one lapsed, one member churned, one ending, two more renewing", async () => {
    const before = await subscriptionFigures();
    h.clock.now = Date.now();
    const started = h.clock.now;
    await h.cardMember(PKG.monthly);
    const { subscriptionId } = await h.cardMember(PKG.yearlyTrial);
    const { member: lapses } = await h.cardMember(PKG.yearlyTrial);
    const { member: churns } = await h.cardMember(PKG.monthly);
    const { member: ending } = await h.cardMember(PKG.monthly);
    // The trial's day-7 charge (the billing clock moves; the charge is recorded today).
    const [trial] = (await h.database.executeSql("select current_period_end from subscriptions where id = $1", [subscriptionId])).rows as {
      current_period_end: Date;
    }[];
    const trialEnds = new Date(trial!.current_period_end);
    h.clock.now = trialEnds.getTime();
    expect(await h.chargeJob(subscriptionId, trialEnds)).toEqual({ outcome: "charged" });
    h.clock.now = started + 60_000; // a minute after they bought: a cancellation counts after the last charge
    await cancelAndRunOut(lapses);
    await cancelAndRunOut(churns);
    await cancelAndRunOut(ending, "stripe", false);
    const after = await subscriptionFigures();

    const grew = (field: "trials_started" | "trials_converted" | "trials_lapsed" | "churned") => after.totals[field] - before.totals[field];
    expect({
      started: grew("trials_started"),
      converted: grew("trials_converted"),
      lapsed: grew("trials_lapsed"),
      churned: grew("churned"),
      ending: after.ending - before.ending,
    }).toEqual({ started: 2, converted: 1, lapsed: 1, churned: 1, ending: 1 });
    expect(after.days).toHaveLength(1);
    expect(after.months[0]).toMatchObject({ month: today().slice(0, 7), churned: after.totals.churned });
    const usdMrr = (data: DashboardSubscriptions["data"]) =>
      data.mrr.find((row) => row.currency === "USD") ?? { cents: 0, subscriptions: 0 };
    expect(usdMrr(after).subscriptions - usdMrr(before).subscriptions).toBe(2);
    // $14.99 a month, and the annual $59.99 spread over twelve months ($5.00), within a cent of rounding.
    expect(Math.abs(usdMrr(after).cents - usdMrr(before).cents - (1499 + 500))).toBeLessThanOrEqual(1);
    expect(after.totals.trial_conversion).not.toBeNull();
  });

  it("counts those paying when a range began, and leaves a range before anything happened empty", async () => {
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    const ahead = await subscriptionFigures(`?from=${tomorrow}&to=${tomorrow}`);
    expect(ahead.totals.paying_at_start).toBeGreaterThanOrEqual(2);
    const old = await subscriptionFigures("?from=2020-01-01&to=2020-01-02");
    expect(old.totals).toEqual({
      trials_started: 0,
      trials_converted: 0,
      trials_lapsed: 0,
      churned: 0,
      trial_conversion: null,
      paying_at_start: 0,
      churn_rate: null,
    });
  });
});

describe("the dashboard's funnels", () => {
  it("are the funnel report's own numbers for the range's days", async () => {
    for (const [session, steps] of [
      ["dashboard-a", ["quiz_view", "quiz_step", "quiz_email"]],
      ["dashboard-b", ["quiz_view"]],
    ] as const) {
      for (const name of steps) {
        const res = await h.app.inject({
          method: "POST",
          url: "/api/v1/events",
          remoteAddress: randomIp(),
          payload: { name, path: "/quiz", session_id: session, properties: { funnel: "dash-quiz", quiz: "dash-quiz", total: 1, step: 1 } },
        });
        expect(res.statusCode, res.body).toBe(202);
      }
    }
    const res = await h.app.inject({
      url: `/api/v1/admin/dashboard/funnels?from=${today()}&to=${today()}`,
      headers: bearer(analyst.token),
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { funnels } = res.json<DashboardFunnels>().data;
    const start = new Date(`${today()}T00:00:00Z`);
    expect(funnels).toEqual(await buildFunnelReport(h.database.db, { since: start, until: new Date(start.getTime() + DAY_MS) }));
    const quiz = funnels.find((funnel) => funnel.funnel === "dash-quiz")!;
    expect(quiz.steps.slice(0, 3).map((step) => [step.label, step.people, step.conversion])).toEqual([
      ["Quiz opened", 2, null],
      ["Step 1 answered", 1, 50],
      ["E-mail given", 1, 100],
    ]);
    const old = await h.app.inject({
      url: "/api/v1/admin/dashboard/funnels?from=2020-01-01&to=2020-01-01",
      headers: bearer(analyst.token),
    });
    expect(old.json().data.funnels).toEqual([]);
    for (const path of ["subscriptions", "funnels"]) {
      expect((await h.app.inject({ url: `/api/v1/admin/dashboard/${path}`, headers: bearer(support.token) })).statusCode).toBe(403);
      const bad = await h.app.inject({ url: `/api/v1/admin/dashboard/${path}?from=2026-02-30`, headers: bearer(analyst.token) });
      expect(bad.statusCode).toBe(422);
    }
  });
});
