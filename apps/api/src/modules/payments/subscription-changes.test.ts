import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addBillingMonths, DAY_MS } from "@serene/domain";
import { bearer, FREE_MEMBER_STATUS as NONE, mailsTo, registerMember, rows, type Member } from "../../test/accounts.ts";
import { CARDS, confirmedCard, createBillingHarness, type BillingHarness } from "../../test/billing-clock.ts";
import { getAs, listedItems, sendAs } from "../../test/content.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * Changing and ending a subscription: the upgrade to annual (PUT /{provider}/subscription), the
 * cancellation (DELETE /subscription/web/cancel/{provider}), and what GET /user/account-status
 * answers in each state (status, current_period_end, can_cancel, can_upgrade).
 */

const PKG = { monthly: 1, quarterly: 2, halfYear: 3, yearlyTrial: 4, lifetime: 5, walletMonthly: 11, walletYearly: 14 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: "100" });
});
afterAll(async () => t.close());

const cardOf = (member: Member, number: string = CARDS.ok) => confirmedCard(t.app, member.token, number);
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
  it("charges the annual price less the unused month now and starts a new annual period", async () => {
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
    // Upgraded moments after paying: the whole month is credited (rounded up to the cent), 59.99 − 14.99 is due.
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([1499, 4500]);
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
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([2999, 3000]);
  });

  it("charges one upgrade when it is sent twice at the same moment", async () => {
    const { member } = await cardMember(PKG.halfYear);
    const answers = await Promise.all([
      change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-race-0001"),
      change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-race-0002"),
    ]);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([4499, 1500]);
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
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([1499, 4500]);
  });

  it("refunds an upgrade the bank approves only after lifetime access was bought meanwhile", async () => {
    const { member, answer } = await cardMember(PKG.monthly, CARDS.approval);
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
    const pending = await change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-late-0001");
    expect(pending.json()).toMatchObject({ message: "need approve" });
    const lifetime = await t.app.inject({
      method: "POST",
      url: "/api/v1/stripe/payment-method",
      headers: bearer(member.token),
      payload: { payment_method: await cardOf(member), package_id: PKG.lifetime },
    });
    expect(lifetime.json()).toMatchObject({ subscription_type: "Lifetime" });
    // Approved at the bank now: the upgrade has nothing left to upgrade, so its charge goes back.
    expect(await approve(pending.json().redirect_url)).toBe("/cancel-transaction?provider=stripe");
    expect(await status(member)).toMatchObject({ subscription_type: "Lifetime", status: "lifetime" });
    const upgradeCharges = await rows<{ status: string; amount_cents: number }>(
      t.database,
      "select p.status, p.amount_cents from payments p join purchases u on u.id = p.purchase_id where u.user_id = $1 and u.kind = 'upgrade'",
      [member.id],
    );
    expect(upgradeCharges).toEqual([{ status: "refunded", amount_cents: 4500 }]);
    const again = await change(member, "stripe", { package_id: PKG.yearlyTrial }, "upgrade-late-0001");
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: { message: "Your plan changed before the bank approved this upgrade. The charge was refunded." },
    });
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([1499, 14999]);
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
    // The wallet took the first month when it activated, and the annual price less that unused month now.
    expect((await succeeded(member)).map((row) => row.amount_cents)).toEqual([1499, 4500]);
    expect((await change(member, "paypal", { package_id: PKG.walletYearly })).statusCode).toBe(409);
    // The card's annual package is not the wallet's.
    const other = await walletMember(PKG.walletMonthly);
    expect((await change(other, "paypal", { package_id: PKG.yearlyTrial })).statusCode).toBe(422);
  });
});

describe("GET /api/v1/{provider}/subscription/preview: what the upgrade costs today", () => {
  const preview = (member: Member, query: string, provider = "stripe") =>
    getAs(t.app, member.token, `/api/v1/${provider}/subscription/preview?${query}`);

  it("answers the annual price, the credit for the unused month and what is due today, and changes nothing", async () => {
    const { member } = await cardMember(PKG.monthly);
    const res = await preview(member, `package_id=${PKG.yearlyTrial}&t=${Date.now()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      package_id: PKG.yearlyTrial,
      plan: "Annual plan",
      currency: "USD",
      price_cents: 5999,
      price: "$59.99",
      credit_cents: 1499,
      credit: "$14.99",
      credit_until: (await status(member)).current_period_end,
      due_today_cents: 4500,
      due_today: "$45.00",
      renews_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      quoted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    });
    expect(Math.abs(Date.parse(body.quoted_at) - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(body.renews_at) - addBillingMonths(new Date(body.quoted_at), 12).getTime())).toBe(0);
    expect(await status(member)).toMatchObject({ subscription_type: "Monthly", can_upgrade: true });
    expect(await succeeded(member)).toHaveLength(1);
  });

  it("refuses what cannot be upgraded as the upgrade itself does: 401, 404, 409 and 422", async () => {
    expect((await t.app.inject({ url: `/api/v1/stripe/subscription/preview?package_id=${PKG.yearlyTrial}` })).statusCode).toBe(401);
    const free = await registerMember(t.app, t.database);
    const none = await preview(free, `package_id=${PKG.yearlyTrial}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: "You have no subscription to change here." });
    const trial = (await cardMember(PKG.yearlyTrial)).member;
    const refused = await preview(trial, `package_id=${PKG.yearlyTrial}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "This subscription cannot be upgraded to annual." });
    const { member } = await cardMember(PKG.monthly);
    const cases: [string, string][] = [
      [`package_id=${PKG.quarterly}`, "Only the upgrade to the annual plan is available."],
      [`package_id=${PKG.walletYearly}`, "The selected package id is invalid."],
      ["package_id=9", "Please choose the annual plan in USD, the currency of your current plan."],
      ["package_id=annual", "The package id field must be an integer."],
      ["", "The package id field is required."],
    ];
    for (const [query, message] of cases) {
      const res = await preview(member, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json(), query).toEqual({ message, errors: { package_id: [message] } });
    }
    // The upgrade refuses another currency's annual plan the same way, and charges nothing.
    const other = await change(member, "stripe", { package_id: 9 });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ package_id: ["Please choose the annual plan in USD, the currency of your current plan."] });
    const badMoment = await change(member, "stripe", { package_id: PKG.yearlyTrial, quoted_at: "yesterday" });
    expect(badMoment.statusCode).toBe(422);
    expect(badMoment.json().errors).toEqual({ quoted_at: ["The quoted at must be a valid date."] });
    expect(await succeeded(member)).toHaveLength(1);
  });
});

/**
 * The upgrade's credit on a billing clock the test moves (packages/domain upgradeProration): the
 * unused part of what was paid for the current period comes off the annual price, rounded up to the
 * cent; the preview names it before the member confirms, and the upgrade charges exactly that.
 */
describe("the upgrade's credit, on the billing clock", () => {
  let h: BillingHarness;
  beforeAll(async () => {
    h = await createBillingHarness();
  });
  afterAll(async () => h.close());

  /** 10 January 2030, 12:00 UTC: the month that follows has 31 days. */
  const T0 = Date.UTC(2030, 0, 10, 12);
  const annual = { card: PKG.yearlyTrial, wallet: PKG.walletYearly };
  const previewOf = async (member: Member, provider: "stripe" | "paypal" = "stripe") => {
    const res = await getAs(
      h.app,
      member.token,
      `/api/v1/${provider}/subscription/preview?package_id=${annual[provider === "stripe" ? "card" : "wallet"]}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const upgrade = (member: Member, body: object, key: string, provider: "stripe" | "paypal" = "stripe") =>
    h.app.inject({
      method: "PUT",
      url: `/api/v1/${provider}/subscription`,
      headers: { ...bearer(member.token), "idempotency-key": key },
      payload: { package_id: annual[provider === "stripe" ? "card" : "wallet"], ...body },
    });
  const charges = (member: Member) =>
    rows<{ amount_cents: number; credit_cents: number; provider: string }>(
      h.database,
      "select amount_cents, credit_cents, provider from payments where user_id = $1 and status = 'succeeded' order by created_at",
      [member.id],
    );
  const receiptsOf = async (member: Member) => (await getAs(h.app, member.token, "/api/v1/user/receipts")).json().data;
  /** A monthly card member who paid at T0; the clock then moves to `at`. */
  async function monthlyAt(at: number, pkg: number = PKG.monthly) {
    h.clock.now = T0;
    const bought = await h.cardMember(pkg);
    h.clock.now = at;
    return bought;
  }

  it("ten days into the month: due today is 59.99 less 21 of 31 days of 14.99, charged as previewed, the credit on the receipt", async () => {
    const { member } = await monthlyAt(T0 + 10 * DAY_MS);
    const quote = await previewOf(member);
    // 1499 × 21/31 = 1015.45 → 1016 (rounded up to the cent, in the member's favour).
    expect(quote).toMatchObject({
      credit_cents: 1016,
      credit: "$10.16",
      credit_until: "2030-02-10T12:00:00Z",
      due_today_cents: 4983,
      due_today: "$49.83",
      quoted_at: "2030-01-20T12:00:00Z",
      renews_at: "2031-01-20T12:00:00Z",
    });

    // Confirmed five minutes later with the preview's moment: charged exactly what the member saw.
    h.clock.now += 5 * 60_000;
    const res = await upgrade(member, { quoted_at: quote.quoted_at }, "credit-ten-days-01");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Annual" });
    // A retry with the same key answers the same and charges nothing more.
    const again = await upgrade(member, { quoted_at: quote.quoted_at }, "credit-ten-days-01");
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: res.json() });
    expect(await charges(member)).toEqual([
      { amount_cents: 1499, credit_cents: 0, provider: "stripe" },
      { amount_cents: 4983, credit_cents: 1016, provider: "stripe" },
    ]);
    const [latest, first] = await receiptsOf(member);
    expect(latest).toMatchObject({
      item: "Annual plan",
      amount_cents: 4983,
      amount: "$49.83",
      credit_cents: 1016,
      credit: "$10.16",
      price: "$59.99",
      paid_with: "Card •••• 4242",
    });
    expect(first).toMatchObject({ item: "Monthly plan", amount: "$14.99", credit: null, price: null });
    const mails = await mailsTo(h.database, member.email, "receipt");
    expect(mails).toHaveLength(2);
    expect(mails.some((mail) => mail.text.includes("Amount: $49.83 (USD)") && mail.text.includes(latest.reference))).toBe(true);
    const after = (await getAs(h.app, member.token, "/api/v1/user/account-status")).json();
    expect(after).toMatchObject({ subscription_type: "Annual", status: "active", current_period_end: "2031-01-20T12:05:00Z" });
  });

  it("on the first day credits all but the hour used; on the last day one day's worth", async () => {
    const early = await monthlyAt(T0 + 3_600_000);
    // 1499 × 743/744 = 1496.99 → 1497.
    expect(await previewOf(early.member)).toMatchObject({ credit_cents: 1497, due_today_cents: 4502 });
    expect((await upgrade(early.member, {}, "credit-first-day-01")).statusCode).toBe(200);
    expect((await charges(early.member)).map((row) => [row.amount_cents, row.credit_cents])).toEqual([
      [1499, 0],
      [4502, 1497],
    ]);

    const late = await monthlyAt(T0 + 30 * DAY_MS);
    // 1499 / 31 = 48.35 → 49.
    expect(await previewOf(late.member)).toMatchObject({ credit_cents: 49, credit_until: "2030-02-10T12:00:00Z", due_today_cents: 5950 });
    expect((await upgrade(late.member, {}, "credit-last-day-01")).statusCode).toBe(200);
    expect((await charges(late.member)).map((row) => row.amount_cents)).toEqual([1499, 5950]);
  });

  it("credits a renewed month by what its renewal paid, and a 3-month plan by its own price", async () => {
    const { member, subscriptionId } = await monthlyAt(T0);
    const renewal = addBillingMonths(new Date(T0), 1);
    h.clock.now = renewal.getTime();
    expect(await h.chargeJob(subscriptionId, renewal)).toEqual({ outcome: "charged" });
    // 10 February to 10 March 2030 is 28 days; a week in, 21 are left: 1499 × 3/4 = 1124.25 → 1125.
    h.clock.now = renewal.getTime() + 7 * DAY_MS;
    expect(await previewOf(member)).toMatchObject({ credit_cents: 1125, credit_until: "2030-03-10T12:00:00Z", due_today_cents: 4874 });
    expect((await upgrade(member, {}, "credit-renewed-001")).statusCode).toBe(200);
    expect((await charges(member)).map((row) => row.amount_cents)).toEqual([1499, 1499, 4874]);

    // 10 January to 10 April 2030 is 90 days; 30 in, 60 are left: 2999 × 2/3 = 1999.33 → 2000.
    const quarterly = await monthlyAt(T0 + 30 * DAY_MS, PKG.quarterly);
    expect(await previewOf(quarterly.member)).toMatchObject({ credit_cents: 2000, due_today_cents: 3999 });
  });

  it("credits nothing for a month whose charge was refunded", async () => {
    const { member } = await monthlyAt(T0 + 10 * DAY_MS);
    await h.database.executeSql("update payments set status = 'refunded' where user_id = $1", [member.id]);
    expect(await previewOf(member)).toMatchObject({
      credit_cents: 0,
      credit: null,
      credit_until: null,
      due_today_cents: 5999,
      due_today: "$59.99",
    });
    expect((await upgrade(member, {}, "credit-refunded-01")).statusCode).toBe(200);
    expect((await charges(member)).map((row) => [row.amount_cents, row.credit_cents])).toEqual([[5999, 0]]);
  });

  it("works the figures out again when the preview is over half an hour old, or from the future", async () => {
    const stale = await monthlyAt(T0 + 10 * DAY_MS);
    const quote = await previewOf(stale.member);
    h.clock.now += 40 * 60_000;
    expect((await upgrade(stale.member, { quoted_at: quote.quoted_at }, "credit-stale-0001")).statusCode).toBe(200);
    // At 20 January 12:40: 1499 × (21 days − 40 minutes) / 31 days = 1014.1 → 1015, not the preview's 1016.
    expect((await charges(stale.member)).map((row) => [row.amount_cents, row.credit_cents])).toEqual([
      [1499, 0],
      [4984, 1015],
    ]);

    const longAgo = await monthlyAt(T0 + 10 * DAY_MS);
    expect((await upgrade(longAgo.member, { quoted_at: "2030-01-10T12:00:00Z" }, "credit-early-0001")).statusCode).toBe(200);
    const future = await monthlyAt(T0 + 10 * DAY_MS);
    expect((await upgrade(future.member, { quoted_at: "2030-02-01T00:00:00Z" }, "credit-future-001")).statusCode).toBe(200);
    for (const member of [longAgo.member, future.member])
      expect((await charges(member)).map((row) => row.amount_cents)).toEqual([1499, 4983]);
  });

  it("takes nothing from the card when the credit covers the whole annual price, and the receipt says why", async () => {
    // An annual plan priced below what a half-year plan paid (not a shipped price): the credit stops at the price.
    await h.database.executeSql("update packages set amount_cents = 4000 where id = $1", [PKG.yearlyTrial]);
    try {
      const { member } = await monthlyAt(T0 + 3_600_000, PKG.halfYear);
      expect(await previewOf(member)).toMatchObject({ price: "$40.00", credit_cents: 4000, due_today_cents: 0, due_today: "$0.00" });
      const cardCharges = () =>
        rows(h.database, "select id from sandbox_payments where account = $1", [`cus_sandbox_${member.id.replaceAll("-", "")}`]);
      expect(await cardCharges()).toHaveLength(1);
      expect((await upgrade(member, {}, "credit-covers-all1")).json()).toMatchObject({ subscription_type: "Annual" });
      expect(await cardCharges()).toHaveLength(1);
      expect(await charges(member)).toEqual([
        { amount_cents: 4499, credit_cents: 0, provider: "stripe" },
        { amount_cents: 0, credit_cents: 4000, provider: "stripe" },
      ]);
      expect((await receiptsOf(member))[0]).toMatchObject({ amount: "$0.00", credit: "$40.00", price: "$40.00" });
    } finally {
      await h.database.executeSql("update packages set amount_cents = 5999 where id = $1", [PKG.yearlyTrial]);
    }
  });

  it("charges a sandbox wallet member's upgrade through the wallet, with the same credit and a receipt naming the wallet", async () => {
    h.clock.now = T0;
    const { member } = await h.walletMember(PKG.walletMonthly);
    h.clock.now = T0 + 10 * DAY_MS;
    expect(await previewOf(member, "paypal")).toMatchObject({ credit_cents: 1016, due_today_cents: 4983, due_today: "$49.83" });
    const res = await upgrade(member, {}, "credit-wallet-0001", "paypal");
    expect(res.statusCode, res.body).toBe(200);
    expect((await upgrade(member, {}, "credit-wallet-0001", "paypal")).json()).toEqual(res.json());
    expect(await charges(member)).toEqual([
      { amount_cents: 1499, credit_cents: 0, provider: "paypal" },
      { amount_cents: 4983, credit_cents: 1016, provider: "paypal" },
    ]);
    const billed = await rows<{ amount_cents: number }>(
      h.database,
      "select amount_cents from sandbox_payments where processor = 'wallet' and account = (select provider_subscription_id from subscriptions where user_id = $1) order by created_at",
      [member.id],
    );
    expect(billed.map((row) => row.amount_cents)).toEqual([1499, 4983]);
    const [latest] = await receiptsOf(member);
    expect(latest).toMatchObject({ item: "Annual plan", amount: "$49.83", credit: "$10.16", price: "$59.99", paid_with: "PayPal" });
    expect(await mailsTo(h.database, member.email, "receipt")).toHaveLength(2);
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
