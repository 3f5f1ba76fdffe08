import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardMoney } from "@serene/contracts";
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
