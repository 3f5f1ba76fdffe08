import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBillingMonths, DAY_MS } from "@serene/domain";
import { bearer, registerMember, rows, type Member } from "../../test/accounts";
import { getAs, listedItems, sendAs } from "../../test/content";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Changing and ending a subscription: the upgrade to annual (PUT /{provider}/subscription), the
 * cancellation (DELETE /subscription/web/cancel/{provider}), and what GET /user/account-status
 * answers in each state (status, current_period_end, can_cancel, can_upgrade).
 */

const CARDS = { ok: "4242424242424242", approval: "4000002760003184" };
const PKG = { monthly: 1, quarterly: 2, halfYear: 3, yearlyTrial: 4, lifetime: 5, walletMonthly: 11, walletYearly: 14 };
const NONE = {
  subscription_type: null,
  member_since: null,
  subscription_via: null,
  status: null,
  current_period_end: null,
  can_cancel: false,
  can_upgrade: false,
  offer_place: "after_locked_content",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: "100" });
});
afterAll(async () => t.close());

async function cardOf(member: Member, number: string = CARDS.ok): Promise<string> {
  const { client_secret } = (await getAs(t.app, member.token, "/api/v1/stripe/setup-intent")).json();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/sandbox/card/confirm",
    payload: { client_secret, number, exp_month: 12, exp_year: 2040, cvc: "123" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payment_method;
}
/** A member who bought the package by card (answers the member and the purchase's answer). */
async function cardMember(pkg: number, number: string = CARDS.ok) {
  const member = await registerMember(t.app, t.database);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/stripe/payment-method",
    headers: bearer(member.token),
    payload: { payment_method: await cardOf(member, number), package_id: pkg },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { member, answer: res.json() };
}
async function walletMember(pkg: number) {
  const member = await registerMember(t.app, t.database);
  const url = (await getAs(t.app, member.token, `/api/v1/paypal/subscription?package_id=${pkg}`)).json().url_to_redirect;
  const back = await t.app.inject({
    method: "POST",
    url,
    payload: "decision=approve",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const query = Object.fromEntries(new URL(back.headers.location as string, "http://x").searchParams);
  expect(
    (await t.app.inject({ method: "POST", url: "/api/v1/paypal/success-transaction", headers: bearer(member.token), payload: query }))
      .statusCode,
  ).toBe(200);
  return member;
}
const change = (member: Member, provider: "stripe" | "paypal", body: unknown, key?: string) =>
  t.app.inject({
    method: "PUT",
    url: `/api/v1/${provider}/subscription`,
    headers: { ...bearer(member.token), ...(key ? { "idempotency-key": key } : {}) },
    payload: body as object,
  });
const cancel = (member: Member, provider: string) => sendAs(t.app, member.token, "DELETE", `/api/v1/subscription/web/cancel/${provider}`);
const status = async (member: Member) => {
  const res = await getAs(t.app, member.token, "/api/v1/user/account-status");
  expect(res.statusCode).toBe(200);
  return res.json();
};
const succeeded = (member: Member) =>
  rows<{ amount_cents: number }>(
    t.database,
    "select amount_cents from payments where user_id = $1 and status = 'succeeded' order by created_at",
    [member.id],
  );
/** How far from now a moment is, in days. */
const daysFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / DAY_MS;
const locked = listedItems.find((item) => !item.free && item.media?.audio_male)!;
const canPlayLocked = async (member: Member) =>
  (await getAs(t.app, member.token, `/api/v1/${locked.model}/${locked.id}`)).json().data.audio_male !== null;

describe("PUT /api/v1/stripe/subscription: the upgrade to annual", () => {
  it("charges the annual price now and starts a new annual period", async () => {
    const { member } = await cardMember(PKG.monthly);
    expect(await status(member)).toMatchObject({ subscription_type: "Monthly", can_upgrade: true });
    const res = await change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-annual-01");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Annual" });
    const after = await status(member);
    expect(after).toMatchObject({
      subscription_type: "Annual",
      subscription_via: "stripe",
      status: "active",
      can_cancel: true,
      can_upgrade: false,
    });
    const expectedEnd = addBillingMonths(new Date(), 12).getTime();
    expect(Math.abs(Date.parse(after.current_period_end) - expectedEnd)).toBeLessThan(60_000);
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([1499, 5999]);
    expect(await rows(t.database, "select id from subscriptions where user_id = $1", [member.id])).toHaveLength(1);
  });

  it("answers a retried upgrade with the same outcome and charges once; a new upgrade is refused with 409", async () => {
    const { member } = await cardMember(PKG.quarterly);
    const first = await change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-retry-001");
    const again = await change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-retry-001");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const fresh = await change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-retry-002");
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json()).toEqual({ message: "This subscription cannot be upgraded to annual." });
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([2999, 5999]);
  });

  it("charges one upgrade when it is sent twice at the same moment", async () => {
    const { member } = await cardMember(PKG.halfYear);
    const answers = await Promise.all([
      change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-race-0001"),
      change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-race-0002"),
    ]);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([4499, 5999]);
  });

  it("upgrades a cancelled monthly plan that still runs, and billing resumes on the annual plan", async () => {
    const { member } = await cardMember(PKG.monthly);
    await cancel(member, "stripe");
    expect(await status(member)).toMatchObject({ status: "canceled", can_cancel: false, can_upgrade: true });
    expect((await change(member, "stripe", { package_id: PKG.yearlyTrial })).statusCode).toBe(200);
    expect(await status(member)).toMatchObject({ subscription_type: "Annual", status: "active", can_cancel: true, can_upgrade: false });
  });

  it("asks the bank's approval for a 3184 card and upgrades once approved", async () => {
    const { member, answer } = await cardMember(PKG.monthly, CARDS.approval);
    expect(answer.message).toBe("need approve");
    const approve = async (url: string) => {
      const page = new URL(url, "http://x");
      const decided = await t.app.inject({
        method: "POST",
        url: page.pathname,
        payload: `decision=approve&return_url=${encodeURIComponent(page.searchParams.get("return_url")!)}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      return (await t.app.inject({ url: decided.headers.location as string })).headers.location;
    };
    expect(await approve(answer.redirect_url)).toBe("/thank-you");
    const res = await change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-approve-1");
    expect(res.json()).toMatchObject({ message: "need approve", subscription_type: null });
    expect(await status(member)).toMatchObject({ subscription_type: "Monthly" });
    expect(await approve(res.json().redirect_url)).toBe("/thank-you");
    expect(await status(member)).toMatchObject({ subscription_type: "Annual", status: "active" });
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([1499, 5999]);
  });

  it("refuses the upgrade with 409 for a trial, an annual plan and lifetime access", async () => {
    const trial = (await cardMember(PKG.yearlyTrial)).member;
    const annual = (await cardMember(PKG.yearlyTrial)).member;
    await cancel(annual, "stripe");
    // The trial was used: buying the yearly plan again charges at once.
    const annualPm = await cardOf(annual);
    await t.app.inject({
      method: "POST",
      url: "/api/v1/stripe/payment-method",
      headers: bearer(annual.token),
      payload: { payment_method: annualPm, package_id: PKG.yearlyTrial },
    });
    expect(await status(annual)).toMatchObject({ subscription_type: "Annual", status: "active" });
    const lifetime = (await cardMember(PKG.lifetime)).member;
    for (const member of [trial, annual, lifetime]) {
      const before = await succeeded(member);
      const res = await change(member, "stripe", { package_id: PKG.yearlyTrial });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: "This subscription cannot be upgraded to annual." });
      expect(await succeeded(member)).toEqual(before);
    }
  });

  it("refuses anything but the annual package with 422", async () => {
    const { member } = await cardMember(PKG.monthly);
    const cases: [unknown, string, string][] = [
      [{ package_id: PKG.quarterly }, "package_id", "Only the upgrade to the annual plan is available."],
      [{ package_id: PKG.lifetime }, "package_id", "Only the upgrade to the annual plan is available."],
      [{ package_id: PKG.walletYearly }, "package_id", "The selected package id is invalid."],
      [{ package_id: 999 }, "package_id", "The selected package id is invalid."],
      [{ package_id: "annual" }, "package_id", "The package id field must be an integer."],
    ];
    for (const [body, field, message] of cases) {
      const res = await change(member, "stripe", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    }
    const missing = await change(member, "stripe", {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(["package_id"]);
    const badKey = await change(member, "stripe", { package_id: PKG.yearlyTrial }, "tiny");
    expect(badKey.statusCode).toBe(422);
    expect(Object.keys(badKey.json().errors)).toEqual(["idempotency-key"]);
    expect(await status(member)).toMatchObject({ subscription_type: "Monthly" });
    expect(await succeeded(member)).toHaveLength(1);
  });

  it("answers 404 without a subscription of that provider", async () => {
    const free = await registerMember(t.app, t.database);
    const res = await change(free, "stripe", { package_id: PKG.yearlyTrial });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "You have no subscription to change here." });
    const wallet = await walletMember(PKG.walletMonthly);
    expect((await change(wallet, "stripe", { package_id: PKG.yearlyTrial })).statusCode).toBe(404);
  });
});

describe("PUT /api/v1/paypal/subscription", () => {
  it("moves a wallet monthly plan to annual", async () => {
    const member = await walletMember(PKG.walletMonthly);
    const res = await change(member, "paypal", { package_id: PKG.walletYearly }, "wallet-upgrade-01");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Annual" });
    expect(await status(member)).toMatchObject({ subscription_type: "Annual", subscription_via: "paypal", can_upgrade: false });
    expect((await change(member, "paypal", { package_id: PKG.walletYearly })).statusCode).toBe(409);
    // The card's annual package is not the wallet's.
    const other = await walletMember(PKG.walletMonthly);
    expect((await change(other, "paypal", { package_id: PKG.yearlyTrial })).statusCode).toBe(422);
  });
});

describe("DELETE /api/v1/subscription/web/cancel/{provider}", () => {
  it("answers 401 without a token and 422 for an unknown provider", async () => {
    expect((await t.app.inject({ method: "DELETE", url: "/api/v1/subscription/web/cancel/stripe" })).statusCode).toBe(401);
    const member = await registerMember(t.app, t.database);
    const res = await cancel(member, "apple");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "The selected provider is invalid.",
      errors: { provider: ["The selected provider is invalid."] },
    });
  });

  it("answers 404 when there is nothing to cancel, or nothing with that provider", async () => {
    const free = await registerMember(t.app, t.database);
    for (const provider of ["stripe", "paypal"]) {
      const res = await cancel(free, provider);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "You have no subscription to cancel here." });
    }
    const { member } = await cardMember(PKG.monthly);
    expect((await cancel(member, "paypal")).statusCode).toBe(404);
    expect(await status(member)).toMatchObject({ status: "active" });
  });

  it("cancels once; cancelling again still answers 'Successfully canceled!' and access lasts until the period ends", async () => {
    const { member } = await cardMember(PKG.monthly);
    const periodEnd = (await status(member)).current_period_end;
    for (let i = 0; i < 2; i++) {
      const res = await cancel(member, "stripe");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: "Successfully canceled!" });
    }
    expect(await status(member)).toMatchObject({
      subscription_type: "Monthly",
      status: "canceled",
      current_period_end: periodEnd,
      can_cancel: false,
      can_upgrade: true,
    });
    expect(await canPlayLocked(member)).toBe(true);
  });

  it("refuses to cancel lifetime access with 409", async () => {
    const { member } = await cardMember(PKG.lifetime);
    const res = await cancel(member, "stripe");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "This subscription cannot be cancelled." });
    expect(await status(member)).toMatchObject({ status: "lifetime" });
  });
});

describe("GET /api/v1/user/account-status in each state", () => {
  it("free member: nothing to cancel or upgrade, locked content closed", async () => {
    const member = await registerMember(t.app, t.database);
    expect(await status(member)).toEqual(NONE);
    expect(await canPlayLocked(member)).toBe(false);
  });

  it("trialing, then the trial cancelled: access until day 7, no upgrade", async () => {
    const { member } = await cardMember(PKG.yearlyTrial);
    const trialing = await status(member);
    expect(trialing).toMatchObject({
      subscription_type: "Free trial",
      subscription_via: "stripe",
      status: "trialing",
      can_cancel: true,
      can_upgrade: false,
    });
    expect(daysFromNow(trialing.current_period_end)).toBeCloseTo(7, 2);
    expect(trialing.member_since).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    await cancel(member, "stripe");
    expect(await status(member)).toEqual({ ...trialing, status: "canceled", can_cancel: false, can_upgrade: false });
    expect(await canPlayLocked(member)).toBe(true);
  });

  it("active monthly, quarterly and half-year plans can be cancelled and upgraded", async () => {
    for (const [pkg, label, days] of [
      [PKG.monthly, "Monthly", 31],
      [PKG.quarterly, "3 Months", 92],
      [PKG.halfYear, "6 Months", 184],
    ] as const) {
      const { member } = await cardMember(pkg);
      const body = await status(member);
      expect(body).toMatchObject({ subscription_type: label, status: "active", can_cancel: true, can_upgrade: true });
      expect(daysFromNow(body.current_period_end)).toBeGreaterThan(days - 4);
      expect(daysFromNow(body.current_period_end)).toBeLessThanOrEqual(days);
    }
  });

  it("lifetime: no end, nothing to cancel or upgrade", async () => {
    const { member } = await cardMember(PKG.lifetime);
    expect(await status(member)).toMatchObject({
      subscription_type: "Lifetime",
      status: "lifetime",
      current_period_end: null,
      can_cancel: false,
      can_upgrade: false,
    });
  });

  it("a subscription that ended answers like a free member", async () => {
    const { member } = await cardMember(PKG.monthly);
    await cancel(member, "stripe");
    await t.database.executeSql("update subscriptions set status = 'expired', current_period_end = $2 where user_id = $1", [
      member.id,
      new Date(Date.now() - DAY_MS),
    ]);
    expect(await status(member)).toEqual(NONE);
    expect(await canPlayLocked(member)).toBe(false);
    expect((await cancel(member, "stripe")).statusCode).toBe(404);
  });
});
