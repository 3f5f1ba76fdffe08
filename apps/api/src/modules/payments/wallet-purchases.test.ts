import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, mailsTo, registerMember, rows, type Member } from "../../test/accounts.ts";
import { getAs, sendAs } from "../../test/content.ts";
import { startPayPalEndpoint, type PayPalEndpoint } from "../../test/paypal-endpoint.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { DAY_MS } from "@serene/domain";

/**
 * The wallet checkout through the API: GET /paypal/subscription → the wallet's approval page →
 * POST /paypal/success-transaction (or GET /paypal/cancel-transaction), on the offline sandbox
 * wallet; and PayPal's webhooks through the real PayPal adapter against a local PayPal stand-in.
 */

const PKG = { cardMonthly: 1, monthly: 11, quarterly: 12, yearlyTrial: 14, lifetime: 15, eurMonthly: 16 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: "100" });
});
afterAll(async () => t.close());

const checkout = (member: Member, query: string, key?: string) =>
  t.app.inject({
    url: `/api/v1/paypal/subscription?${query}`,
    headers: { ...bearer(member.token), ...(key ? { "idempotency-key": key } : {}) },
  });
const walletReturn = (member: Member, body: unknown) =>
  t.app.inject({ method: "POST", url: "/api/v1/paypal/success-transaction", headers: bearer(member.token), payload: body as object });
const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});
const accountStatus = async (member: Member) => (await getAs(t.app, member.token, "/api/v1/user/account-status")).json();
const subscriptionsOf = (member: Member) =>
  rows<{ status: string; plan_type: string; provider: string; provider_subscription_id: string | null }>(
    t.database,
    "select status, plan_type, provider, provider_subscription_id from subscriptions where user_id = $1 order by started_at",
    [member.id],
  );
const paymentsOf = (member: Member) =>
  rows<{ status: string; amount_cents: number; currency: string; provider_payment_id: string }>(
    t.database,
    "select status, amount_cents, currency, provider_payment_id from payments where user_id = $1",
    [member.id],
  );

/** Starts a wallet checkout; answers the approval page's address. */
async function startCheckout(member: Member, pkg: number, key?: string): Promise<string> {
  const res = await checkout(member, `package_id=${pkg}&timezone=Europe/Sofia`, key);
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().url_to_redirect;
  expect(url).toMatch(/^\/sandbox\/wallet\/approve\/(I|ORDER)-[A-Z0-9]+$/);
  return url;
}
/** The member's answer on the wallet's page: the query the wallet sends the browser back with. */
async function decide(url: string, decision: "approve" | "cancel") {
  const res = await t.app.inject({ method: "POST", url, ...form({ decision }) });
  expect(res.statusCode).toBe(303);
  const back = new URL(res.headers.location as string, "http://x");
  return { path: back.pathname, query: Object.fromEntries(back.searchParams) };
}

describe("without a token", () => {
  it("every wallet call answers 401 before reading its input", async () => {
    const calls = [
      { method: "GET" as const, url: "/api/v1/paypal/subscription?package_id=nope" },
      { method: "POST" as const, url: "/api/v1/paypal/success-transaction", payload: { nothing: "here" } },
      {
        method: "POST" as const,
        url: "/api/v1/paypal/success-transaction",
        payload: "x".repeat(2 * 1024 * 1024),
        headers: { "content-type": "application/json" },
      },
      { method: "GET" as const, url: "/api/v1/paypal/cancel-transaction?token=EC-1" },
      { method: "PUT" as const, url: "/api/v1/paypal/subscription", payload: { package_id: 14 } },
      { method: "DELETE" as const, url: "/api/v1/subscription/web/cancel/paypal" },
    ];
    for (const call of calls) {
      for (const headers of [{}, bearer("made-up-token")]) {
        const res = await t.app.inject({ ...call, headers: { ...call.headers, ...headers } });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual({ message: "Unauthenticated." });
      }
    }
  });
});

describe("GET /api/v1/paypal/subscription", () => {
  let member: Member;
  beforeAll(async () => {
    member = await registerMember(t.app, t.database);
  });

  it("refuses missing, wrong and other providers' packages and mismatched checkouts with 422", async () => {
    const cases: [string, string, string][] = [
      ["package_id=abc", "package_id", "The package id field must be an integer."],
      [`package_id=${PKG.cardMonthly}`, "package_id", "The selected package id is invalid."],
      ["package_id=4000", "package_id", "The selected package id is invalid."],
      [`package_id=${PKG.monthly}&checkout_id=3`, "checkout_id", "The selected checkout id is invalid."],
      [`package_id=${PKG.quarterly}&checkout_id=1`, "package_id", "The selected package id is not part of this checkout."],
      [
        `package_id=${PKG.yearlyTrial}&checkout_id=4&promo_checkout_id=3`,
        "checkout_id",
        "Send either the checkout id or the promo checkout id, not both.",
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await checkout(member, query, `wallet-bad-${query.length}-${field}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json(), query).toEqual({ message, errors: { [field]: [message] } });
    }
    const missing = await checkout(member, "timezone=UTC");
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ package_id: ["The package id field is required."] });
    const badKey = await checkout(member, `package_id=${PKG.monthly}`, "bad key!");
    expect(badKey.statusCode).toBe(422);
    expect(Object.keys(badKey.json().errors)).toEqual(["idempotency-key"]);
    expect(await rows(t.database, "select id from purchases where user_id = $1", [member.id])).toEqual([]);
  });

  it("answers the same approval page for a retried key and starts one checkout", async () => {
    const first = await startCheckout(member, PKG.monthly, "wallet-retry-0001");
    const second = await startCheckout(member, PKG.monthly, "wallet-retry-0001");
    expect(second).toBe(first);
    const reused = await checkout(member, `package_id=${PKG.quarterly}`, "wallet-retry-0001");
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ idempotency_key: ["This Idempotency-Key was already used for another request."] });
    const checkouts = await rows(
      t.database,
      "select id from sandbox_wallet_checkouts where reference in (select id::text from purchases where user_id = $1)",
      [member.id],
    );
    expect(checkouts).toHaveLength(1);
  });

  it("shows the terms on the wallet's page: a monthly price, a free trial, a one-off lifetime payment", async () => {
    const page = async (pkg: number) => (await t.app.inject({ url: await startCheckout(member, pkg) })).body;
    expect(await page(PKG.monthly)).toContain("$14.99 every month");
    expect(await page(PKG.yearlyTrial)).toContain("free for 7 days, then $59.99 every year");
    expect(await page(PKG.lifetime)).toContain("$149.99 once");
    expect(await page(PKG.eurMonthly)).toContain("€13.99 every month");
    expect((await t.app.inject({ url: "/sandbox/wallet/approve/I-NOTHING" })).statusCode).toBe(404);
  });
});

describe("back from the wallet", () => {
  it("subscribes on approval, once, however often the member comes back, opens locked content, and the first payment leaves a receipt", async () => {
    const member = await registerMember(t.app, t.database);
    const url = await startCheckout(member, PKG.monthly, "wallet-approve-001");
    const back = await decide(url, "approve");
    expect(back.path).toBe("/success-transaction");
    expect(back.query).toMatchObject({
      subscription_id: expect.stringMatching(/^I-/),
      ba_token: expect.any(String),
      token: back.query.subscription_id,
    });

    const answers = [
      await walletReturn(member, back.query),
      await walletReturn(member, back.query),
      await walletReturn(member, { token: back.query.token }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Monthly" });
    }
    expect(await subscriptionsOf(member)).toEqual([
      { status: "active", plan_type: "Monthly", provider: "paypal", provider_subscription_id: back.query.subscription_id },
    ]);
    const status = await accountStatus(member);
    expect(status).toMatchObject({
      subscription_type: "Monthly",
      subscription_via: "paypal",
      status: "active",
      can_cancel: true,
      can_upgrade: true,
    });
    expect(Date.parse(status.current_period_end) - Date.now()).toBeGreaterThan(27 * DAY_MS);
    // The wallet billed the first month as the agreement activated: one payment, one receipt e-mail, one receipt in Settings.
    const [sale] = await rows<{ id: string }>(t.database, "select id from sandbox_payments where processor = 'wallet' and account = $1", [
      back.query.subscription_id,
    ]);
    expect(await paymentsOf(member)).toEqual([{ status: "succeeded", amount_cents: 1499, currency: "USD", provider_payment_id: sale!.id }]);
    const receipts = (await getAs(t.app, member.token, "/api/v1/user/receipts")).json().data;
    expect(receipts).toEqual([
      expect.objectContaining({ item: "Monthly plan", amount: "$14.99", currency: "USD", status: "paid", paid_with: "PayPal" }),
    ]);
    const mails = await mailsTo(t.database, member.email, "receipt");
    expect(mails.map((mail) => mail.subject)).toEqual([`Your Serene receipt ${receipts[0].reference}`]);
    expect(mails[0]!.text).toContain("Amount: $14.99 (USD)");
    expect(mails[0]!.text).toContain("Paid with: PayPal");
  });

  it("subscribes once when the member's two tabs come back at the same moment", async () => {
    const member = await registerMember(t.app, t.database);
    const back = await decide(await startCheckout(member, PKG.quarterly), "approve");
    const answers = await Promise.all([walletReturn(member, back.query), walletReturn(member, back.query)]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "3 Months" });
    }
    expect(await subscriptionsOf(member)).toHaveLength(1);
    expect((await paymentsOf(member)).map((payment) => payment.amount_cents)).toEqual([2999]);
  });

  it("starts the yearly trial without a payment", async () => {
    const member = await registerMember(t.app, t.database);
    const back = await decide(await startCheckout(member, PKG.yearlyTrial), "approve");
    expect((await walletReturn(member, back.query)).json().subscription_type).toBe("Free trial");
    expect(await accountStatus(member)).toMatchObject({ status: "trialing", can_cancel: true, can_upgrade: false });
    expect(await paymentsOf(member)).toEqual([]);
  });

  it("captures a lifetime order once", async () => {
    const member = await registerMember(t.app, t.database);
    const back = await decide(await startCheckout(member, PKG.lifetime), "approve");
    expect(back.query).toEqual({ token: expect.stringMatching(/^ORDER-/) });
    expect((await walletReturn(member, back.query)).json()).toMatchObject({ subscription_type: "Lifetime" });
    expect((await walletReturn(member, back.query)).statusCode).toBe(200);
    expect(await paymentsOf(member)).toEqual([
      { status: "succeeded", amount_cents: 14999, currency: "USD", provider_payment_id: `CAPTURE-${back.query.token}` },
    ]);
    expect(await accountStatus(member)).toMatchObject({ subscription_type: "Lifetime", status: "lifetime", current_period_end: null });
  });

  it("grants nothing when the member cancels on the wallet's page", async () => {
    const member = await registerMember(t.app, t.database);
    const url = await startCheckout(member, PKG.monthly);
    const back = await decide(url, "cancel");
    expect(back.path).toBe("/cancel-transaction");
    const cancelled = await getAs(t.app, member.token, `/api/v1/paypal/cancel-transaction?token=${back.query.token}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: "The payment was canceled. Nothing was charged." });
    // Coming back to the success page with the cancelled checkout, or approving on a stale page, grants nothing.
    const late = await walletReturn(member, { token: back.query.token! });
    expect(late.statusCode).toBe(402);
    expect(late.json()).toEqual({ message: "The payment was canceled." });
    await t.app.inject({ method: "POST", url, ...form({ decision: "approve" }) });
    expect((await walletReturn(member, { subscription_id: back.query.token! })).statusCode).toBe(402);
    expect(await subscriptionsOf(member)).toEqual([]);
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null });
  });

  it("says the payment is not approved yet when the member comes back before deciding", async () => {
    const member = await registerMember(t.app, t.database);
    const url = await startCheckout(member, PKG.monthly);
    const id = url.split("/").at(-1)!;
    const res = await walletReturn(member, { subscription_id: id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "The payment is not approved yet." });
    // Approving afterwards still works.
    const back = await decide(url, "approve");
    expect((await walletReturn(member, back.query)).statusCode).toBe(200);
  });

  it("answers 404 for another member's checkout and leaves it theirs to complete", async () => {
    const [owner, other] = [await registerMember(t.app, t.database), await registerMember(t.app, t.database)];
    const back = await decide(await startCheckout(owner, PKG.monthly), "approve");
    const stolen = await walletReturn(other, back.query);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: "This payment was not found." });
    // Cancelling someone else's checkout answers as for an unknown one and does nothing to it.
    const cancelled = await getAs(t.app, other.token, `/api/v1/paypal/cancel-transaction?token=${back.query.token}`);
    expect(cancelled.statusCode).toBe(404);
    expect(cancelled.json()).toEqual({ message: "This payment was not found." });
    expect(await subscriptionsOf(other)).toEqual([]);
    expect((await walletReturn(owner, back.query)).statusCode).toBe(200);
    expect(await subscriptionsOf(owner)).toHaveLength(1);
  });

  it("answers 404 for an unknown checkout and 422 without a token", async () => {
    const member = await registerMember(t.app, t.database);
    expect((await walletReturn(member, { token: "I-UNKNOWN" })).statusCode).toBe(404);
    const missing = await walletReturn(member, { ba_token: "BA-1" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: "The token field is required.", errors: { token: ["The token field is required."] } });
    const huge = await walletReturn(member, { token: "I-1", padding: "x".repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
  });

  it("refuses a second wallet subscription while one runs; lifetime replaces it and the wallet stops billing it", async () => {
    const member = await registerMember(t.app, t.database);
    const monthly = (await decide(await startCheckout(member, PKG.monthly), "approve")).query;
    await walletReturn(member, monthly);
    const again = await checkout(member, `package_id=${PKG.quarterly}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "You already have an active subscription." });
    await walletReturn(member, (await decide(await startCheckout(member, PKG.lifetime), "approve")).query);
    expect((await subscriptionsOf(member)).map((row) => [row.plan_type, row.status])).toEqual([
      ["Monthly", "canceled"],
      ["Lifetime", "lifetime"],
    ]);
    const [wallet] = await rows<{ status: string }>(t.database, "select status from sandbox_wallet_checkouts where id = $1", [
      monthly.subscription_id,
    ]);
    expect(wallet!.status).toBe("cancelled");
    const after = await checkout(member, `package_id=${PKG.monthly}`);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ message: "You already have lifetime access." });
  });

  it("starts nothing beside lifetime bought meanwhile: a subscription approved later is cancelled at the wallet, an order left uncaptured", async () => {
    const member = await registerMember(t.app, t.database);
    const monthlyUrl = await startCheckout(member, PKG.monthly);
    const lifetimeUrl = await startCheckout(member, PKG.lifetime);
    await walletReturn(member, (await decide(lifetimeUrl, "approve")).query);
    const late = (await decide(monthlyUrl, "approve")).query;
    const res = await walletReturn(member, late);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "You already have lifetime access." });
    expect((await subscriptionsOf(member)).map((row) => [row.plan_type, row.status])).toEqual([["Lifetime", "lifetime"]]);
    const [wallet] = await rows<{ status: string }>(t.database, "select status from sandbox_wallet_checkouts where id = $1", [
      late.subscription_id,
    ]);
    expect(wallet!.status).toBe("cancelled");
    expect((await paymentsOf(member)).map((row) => row.amount_cents)).toEqual([14999]);
  });

  it("stops the wallet's billing when the member cancels", async () => {
    const member = await registerMember(t.app, t.database);
    const back = await decide(await startCheckout(member, PKG.monthly), "approve");
    await walletReturn(member, back.query);
    const res = await sendAs(t.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/paypal");
    expect(res.json()).toEqual({ message: "Successfully canceled!" });
    const [checkoutRow] = await rows<{ status: string }>(t.database, "select status from sandbox_wallet_checkouts where id = $1", [
      back.query.subscription_id,
    ]);
    expect(checkoutRow!.status).toBe("cancelled");
    expect(await accountStatus(member)).toMatchObject({ status: "canceled", can_cancel: false });
  });
});

describe("PayPal webhooks through the PayPal adapter", () => {
  const CREDENTIALS = { clientId: "serene-client", clientSecret: "s3cret-value", webhookId: "WH-SERENE-1" };
  let paypal: PayPalEndpoint;
  let live: TestApp;
  let sequence = 0;

  beforeAll(async () => {
    paypal = await startPayPalEndpoint(CREDENTIALS);
    live = await createTestApp({
      RATE_LIMIT_FACTOR: "100",
      PAYPAL_CLIENT_ID: CREDENTIALS.clientId,
      PAYPAL_CLIENT_SECRET: CREDENTIALS.clientSecret,
      PAYPAL_WEBHOOK_ID: CREDENTIALS.webhookId,
      PAYPAL_API_URL: paypal.url,
    });
  });
  afterAll(async () => {
    await live.close();
    await paypal.close();
  });

  /** A member whose monthly wallet subscription PayPal activated; answers it and its first period's end. */
  async function subscribed(pkg = PKG.monthly) {
    const member = await registerMember(live.app, live.database);
    const res = await live.app.inject({ url: `/api/v1/paypal/subscription?package_id=${pkg}`, headers: bearer(member.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url_to_redirect).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/webapps\/billing\/subscriptions\?ba_token=BA-I-/);
    const id = [...paypal.subscriptions.keys()].at(-1)!;
    paypal.subscriptions.get(id)!.status = "ACTIVE";
    const back = await live.app.inject({
      method: "POST",
      url: "/api/v1/paypal/success-transaction",
      headers: bearer(member.token),
      payload: { subscription_id: id, ba_token: `BA-${id}` },
    });
    expect(back.statusCode, back.body).toBe(200);
    const [row] = await rows<{ current_period_end: Date }>(
      live.database,
      "select current_period_end from subscriptions where user_id = $1",
      [member.id],
    );
    return { member, id, periodEnd: new Date(row!.current_period_end) };
  }

  const headers = (signature = paypal.validSignature) => ({
    "content-type": "application/json",
    "paypal-transmission-id": `tx-${++sequence}`,
    "paypal-transmission-time": new Date().toISOString(),
    "paypal-transmission-sig": signature,
    "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
    "paypal-auth-algo": "SHA256withRSA",
  });
  const deliver = (event: object, signature?: string) =>
    live.app.inject({ method: "POST", url: "/api/v1/paypal/webhook", payload: JSON.stringify(event), headers: headers(signature) });
  const sale = (eventId: string, subscriptionId: string, at: Date, saleId = `SALE-${eventId}`) => ({
    id: eventId,
    event_type: "PAYMENT.SALE.COMPLETED",
    create_time: at.toISOString(),
    resource_type: "sale",
    resource: { id: saleId, billing_agreement_id: subscriptionId, amount: { total: "14.99", currency: "USD" }, state: "completed" },
  });
  const subscriptionEvent = (eventId: string, type: string, subscriptionId: string, at: Date) => ({
    id: eventId,
    event_type: type,
    create_time: at.toISOString(),
    resource_type: "subscription",
    resource: { id: subscriptionId },
  });
  const state = async (member: Member) => {
    const [row] = await rows<{ status: string; current_period_end: Date }>(
      live.database,
      "select status, current_period_end from subscriptions where user_id = $1",
      [member.id],
    );
    const payments = await rows<{ provider_payment_id: string; period_start: Date }>(
      live.database,
      "select provider_payment_id, period_start from payments where user_id = $1 and status = 'succeeded' order by period_start",
      [member.id],
    );
    return {
      status: row!.status,
      periodEnd: new Date(row!.current_period_end).toISOString(),
      payments: payments.map((p) => [p.provider_payment_id, new Date(p.period_start).toISOString()]),
    };
  };

  it("refuses a webhook PayPal does not verify with 400 and changes nothing", async () => {
    const { member, id, periodEnd } = await subscribed();
    const before = await state(member);
    const res = await deliver(subscriptionEvent("WH-FORGED-1", "BILLING.SUBSCRIPTION.CANCELLED", id, new Date()), "forged");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The webhook signature is not valid." });
    const unsigned = await live.app.inject({
      method: "POST",
      url: "/api/v1/paypal/webhook",
      payload: JSON.stringify(sale("WH-X", id, periodEnd)),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await state(member)).toEqual(before);
  });

  it("answers 404 for a subscription it does not know, so PayPal delivers again later", async () => {
    const res = await deliver(sale("WH-UNKNOWN-1", "I-NOBODY", new Date()));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Unknown subscription; deliver again later." });
  });

  it("books the first payment for the first period and a renewal for the next; each once however often delivered", async () => {
    const { member, id, periodEnd } = await subscribed();
    const start = new Date(periodEnd);
    start.setUTCMonth(start.getUTCMonth() - 1);
    const first = sale(`WH-FIRST-${id}`, id, new Date(Date.now() + 1000));
    for (let i = 0; i < 2; i++) expect((await deliver(first)).statusCode).toBe(200);
    let now = await state(member);
    expect(now.status).toBe("active");
    expect(now.periodEnd).toBe(periodEnd.toISOString());
    expect(now.payments).toHaveLength(1);
    // Recorded as a card charge is: a receipt in Settings and one receipt e-mail, however often delivered.
    const receipts = (await getAs(live.app, member.token, "/api/v1/user/receipts")).json().data;
    expect(receipts).toEqual([expect.objectContaining({ item: "Monthly plan", amount: "$14.99", status: "paid", paid_with: "PayPal" })]);
    const mails = await mailsTo(live.database, member.email, "receipt");
    expect(mails.map((mail) => mail.subject)).toEqual([`Your Serene receipt ${receipts[0].reference}`]);

    const renewal = sale(`WH-RENEW-${id}`, id, new Date(periodEnd.getTime() + 3_600_000));
    for (let i = 0; i < 3; i++) expect((await deliver(renewal)).json()).toEqual({ received: true });
    now = await state(member);
    const nextEnd = new Date(periodEnd);
    nextEnd.setUTCMonth(nextEnd.getUTCMonth() + 1);
    expect(now).toEqual({
      status: "active",
      periodEnd: nextEnd.toISOString(),
      payments: [
        [`SALE-WH-FIRST-${id}`, expect.any(String)],
        [`SALE-WH-RENEW-${id}`, periodEnd.toISOString()],
      ],
    });
    expect(await (await getAs(live.app, member.token, "/api/v1/user/account-status")).json()).toMatchObject({
      status: "active",
      current_period_end: nextEnd.toISOString().replace(/\.\d{3}Z$/, "Z"),
    });
    expect(await mailsTo(live.database, member.email, "receipt")).toHaveLength(2);
    expect((await getAs(live.app, member.token, "/api/v1/user/receipts")).json().data).toHaveLength(2);
  });

  it("previews the upgrade without a figure for today: PayPal bills the annual plan itself, on its own date", async () => {
    const { member } = await subscribed();
    const res = await getAs(live.app, member.token, `/api/v1/paypal/subscription/preview?package_id=${PKG.yearlyTrial}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: "$59.99", credit_cents: 0, credit: null, due_today_cents: null, due_today: null });
  });

  it("ends in the same state whatever the order and repetition of a failed charge and the renewal that followed it", async () => {
    const a = await subscribed();
    const b = await subscribed();
    const failedAt = (end: Date) => new Date(end.getTime() + 60_000);
    const paidAt = (end: Date) => new Date(end.getTime() + 2 * DAY_MS);
    // In time order: the charge failed (past due), then the retry was paid.
    await deliver(subscriptionEvent(`WH-FAIL-${a.id}`, "BILLING.SUBSCRIPTION.PAYMENT.FAILED", a.id, failedAt(a.periodEnd)));
    expect((await state(a.member)).status).toBe("past_due");
    await deliver(sale(`WH-PAID-${a.id}`, a.id, paidAt(a.periodEnd), "SALE-A"));
    // Reordered and repeated: the payment first, the older failure after it, both twice.
    for (let i = 0; i < 2; i++) {
      await deliver(sale(`WH-PAID-${b.id}`, b.id, paidAt(b.periodEnd), "SALE-B"));
      await deliver(subscriptionEvent(`WH-FAIL-${b.id}`, "BILLING.SUBSCRIPTION.PAYMENT.FAILED", b.id, failedAt(b.periodEnd)));
    }
    const [sa, sb] = [await state(a.member), await state(b.member)];
    expect(sa.status).toBe("active");
    expect(sb.status).toBe("active");
    const next = (end: Date) => {
      const d = new Date(end);
      d.setUTCMonth(d.getUTCMonth() + 1);
      return d.toISOString();
    };
    expect(sa.periodEnd).toBe(next(a.periodEnd));
    expect(sb.periodEnd).toBe(next(b.periodEnd));
    expect(sa.payments).toEqual([["SALE-A", a.periodEnd.toISOString()]]);
    expect(sb.payments).toEqual([["SALE-B", b.periodEnd.toISOString()]]);
  });

  it("cancels on BILLING.SUBSCRIPTION.CANCELLED and expires on BILLING.SUBSCRIPTION.SUSPENDED after the period", async () => {
    const { member, id, periodEnd } = await subscribed();
    await deliver(subscriptionEvent(`WH-CANCEL-${id}`, "BILLING.SUBSCRIPTION.CANCELLED", id, new Date(Date.now() + 1000)));
    expect(await state(member)).toMatchObject({ status: "canceled", periodEnd: periodEnd.toISOString() });
    const other = await subscribed();
    await deliver(
      subscriptionEvent(
        `WH-SUSPEND-${other.id}`,
        "BILLING.SUBSCRIPTION.SUSPENDED",
        other.id,
        new Date(other.periodEnd.getTime() + 3 * DAY_MS),
      ),
    );
    expect((await state(other.member)).status).toBe("expired");
  });

  it("acknowledges events it does not act on", async () => {
    const res = await deliver({
      id: "WH-OTHER-1",
      event_type: "CUSTOMER.DISPUTE.CREATED",
      create_time: new Date().toISOString(),
      resource: { id: "PP-D-1" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });
});
