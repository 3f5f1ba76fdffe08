import { generateKeyPairSync, randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, registerMember, rows, type Member } from "../../test/accounts.ts";
import { confirmedCard } from "../../test/billing-clock.ts";
import { getAs, listedItems, sendAs } from "../../test/content.ts";
import { startStripeEndpoint, type StripeEndpoint } from "../../test/stripe-endpoint.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { COOKIE_NAMES, fromCloudFrontBase64 } from "../media/signed-cookies.ts";
import { DAY_MS } from "@serene/domain";

/**
 * The card checkout through the API, on the offline sandbox card processor (Stripe's test cards):
 * GET /stripe/setup-intent → POST /sandbox/card/confirm → POST /stripe/payment-method, the bank's
 * approval page and its return, and Stripe's webhooks through the real Stripe adapter.
 */

const APP_URL = "https://app.serene.test";
const MEDIA = `${APP_URL}/media`;
const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();

const CARDS = { ok: "4242 4242 4242 4242", declined: "4000000000000002", approval: "4000 0027 6000 3184" };
const PKG = { monthly: 1, quarterly: 2, yearlyTrial: 4, lifetime: 5, eurMonthly: 6, walletMonthly: 11 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_FACTOR: "100",
    APP_URL,
    MEDIA_BASE_URL: MEDIA,
    CLOUDFRONT_PRIVATE_KEY: pem,
    CLOUDFRONT_KEY_PAIR_ID: "K2PAYMENTS",
  });
});
afterAll(async () => t.close());

// ---- helpers -----------------------------------------------------------------------------------

async function setupIntent(member: Member) {
  const res = await getAs(t.app, member.token, "/api/v1/stripe/setup-intent");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { api_key: string; client_secret: string; mode: string };
}
const confirm = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/v1/sandbox/card/confirm", payload });
/** A card the member entered and the sandbox confirmed: its payment method id. */
const cardOf = (member: Member, number = CARDS.ok) => confirmedCard(t.app, member.token, number);
const buy = (member: Member, body: unknown, key?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/stripe/payment-method",
    headers: { ...bearer(member.token), ...(key ? { "idempotency-key": key } : {}) },
    payload: body as object,
  });
const accountStatus = async (member: Member) => (await getAs(t.app, member.token, "/api/v1/user/account-status")).json();

type PaymentRow = { status: string; amount_cents: number; currency: string; purchase_id: string | null; failure_message: string | null };
const paymentsOf = (member: Member) =>
  rows<PaymentRow>(
    t.database,
    "select status, amount_cents, currency, purchase_id, failure_message from payments where user_id = $1 order by created_at",
    [member.id],
  );
const succeededPayments = async (member: Member) => (await paymentsOf(member)).filter((row) => row.status === "succeeded");
type SubscriptionRow = { id: string; status: string; plan_type: string; provider: string; current_period_end: Date | null };
const subscriptionsOf = (member: Member) =>
  rows<SubscriptionRow>(
    t.database,
    "select id, status, plan_type, provider, current_period_end from subscriptions where user_id = $1 order by started_at",
    [member.id],
  );
/** Charges the sandbox card processor took for this member's customer. */
const sandboxCharges = (member: Member) =>
  rows<{ status: string; amount_cents: number }>(t.database, "select status, amount_cents from sandbox_payments where account = $1", [
    `cus_sandbox_${member.id.replaceAll("-", "")}`,
  ]);

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** The bank's approval page: the member presses Approve or Cancel; answers where the browser lands after our return route. */
async function decide(approvalUrl: string, decision: "approve" | "cancel", redirect?: string) {
  const url = new URL(approvalUrl, "http://x");
  const page = await t.app.inject({ url: approvalUrl });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("Approve this payment");
  const decided = await t.app.inject({
    method: "POST",
    url: url.pathname,
    ...form({ decision, return_url: url.searchParams.get("return_url")!, ...(redirect ? { redirect } : {}) }),
  });
  expect(decided.statusCode).toBe(303);
  const back = decided.headers.location as string;
  expect(back).toMatch(/^\/api\/v1\/stripe\/return\/[0-9a-f-]{36}/);
  const landed = await t.app.inject({ url: back });
  expect(landed.statusCode).toBe(303);
  return { returnUrl: back, landing: landed.headers.location as string };
}

const canPlay = async (member: Member, item: (typeof listedItems)[number]) =>
  (await getAs(t.app, member.token, `/api/v1/${item.model}/${item.id}`)).json().data.audio_male !== null;
const mediaResource = async (member: Member) => {
  const res = await getAs(t.app, member.token, "/api/v1/user/cloudfront-cookies?t=1");
  expect(res.statusCode).toBe(200);
  const policy = res.cookies.find((cookie) => cookie.name === COOKIE_NAMES.policy)!.value;
  return JSON.parse(fromCloudFrontBase64(policy).toString("utf8")).Statement[0].Resource as string;
};

// ---- tests -------------------------------------------------------------------------------------

describe("member-only calls without a token", () => {
  it("answer 401 before the input is read", async () => {
    const calls = [
      { method: "GET" as const, url: "/api/v1/stripe/setup-intent" },
      { method: "POST" as const, url: "/api/v1/stripe/payment-method", payload: { package_id: "not a number" } },
      {
        method: "POST" as const,
        url: "/api/v1/stripe/payment-method",
        payload: "x".repeat(2 * 1024 * 1024),
        headers: { "content-type": "application/json" },
      },
      { method: "PUT" as const, url: "/api/v1/stripe/subscription", payload: {} },
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

describe("GET /api/v1/stripe/setup-intent", () => {
  it("answers the sandbox card form's key and a new client secret each time, for the member's one customer", async () => {
    const member = await registerMember(t.app, t.database);
    const first = await setupIntent(member);
    const second = await setupIntent(member);
    expect(first).toEqual({
      api_key: "pk_sandbox_serene",
      client_secret: expect.stringMatching(/^seti_[\w-]+_secret_[\w-]+$/),
      mode: "sandbox",
    });
    expect(second.client_secret).not.toBe(first.client_secret);
    const customers = await rows(t.database, "select customer_id from payment_customers where user_id = $1", [member.id]);
    expect(customers).toEqual([{ customer_id: `cus_sandbox_${member.id.replaceAll("-", "")}` }]);
  });
});

describe("POST /api/v1/sandbox/card/confirm", () => {
  it("confirms a good card and answers the same payment method when confirmed again", async () => {
    const member = await registerMember(t.app, t.database);
    const { client_secret } = await setupIntent(member);
    const body = { client_secret, number: "4242-4242-4242-4242", exp_month: "7", exp_year: 41, cvc: "9876" };
    const res = await confirm(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: "succeeded",
      payment_method: expect.stringMatching(/^pm_sandbox_/),
      setup_intent: client_secret.split("_secret_")[0],
    });
    expect((await confirm(body)).json().payment_method).toBe(res.json().payment_method);
  });

  it("refuses a malformed card with 422 and the field's message", async () => {
    const member = await registerMember(t.app, t.database);
    const { client_secret } = await setupIntent(member);
    const good = { client_secret, number: CARDS.ok, exp_month: 12, exp_year: 2040, cvc: "123" };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ number: "4242 4242" }, "number", "Your card number is invalid."],
      [{ number: "4242abcd42424242" }, "number", "Your card number is invalid."],
      [{ exp_month: 13 }, "exp_month", "Your card's expiration date is invalid."],
      [{ exp_month: 0 }, "exp_month", "Your card's expiration date is invalid."],
      [{ exp_year: 2101 }, "exp_year", "Your card's expiration year is invalid."],
      [{ cvc: "12" }, "cvc", "Your card's security code is invalid."],
      [{ cvc: "12a" }, "cvc", "Your card's security code is invalid."],
      [{ client_secret: undefined }, "client_secret", "The client secret field is required."],
      [{ number: undefined }, "number", "The card number field is required."],
    ];
    for (const [change, field, message] of cases) {
      const res = await confirm({ ...good, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json(), JSON.stringify(change)).toEqual({ message, errors: { [field]: [message] } });
    }
    // Nothing was saved: the setup intent is still waiting for a card.
    const [setup] = await rows<{ status: string }>(t.database, "select status from sandbox_setup_intents where client_secret = $1", [
      client_secret,
    ]);
    expect(setup!.status).toBe("requires_payment_method");
  });

  it("answers 402 for an expired card, 404 for an unknown client secret and 413 for an oversized body", async () => {
    const member = await registerMember(t.app, t.database);
    const { client_secret } = await setupIntent(member);
    const expired = await confirm({ client_secret, number: CARDS.ok, exp_month: 1, exp_year: 2020, cvc: "123" });
    expect(expired.statusCode).toBe(402);
    expect(expired.json()).toEqual({ message: "Your card has expired." });
    const unknown = await confirm({ client_secret: "seti_nope_secret_nope", number: CARDS.ok, exp_month: 12, exp_year: 2040, cvc: "123" });
    expect(unknown.statusCode).toBe(404);
    const huge = await confirm({
      client_secret,
      number: CARDS.ok,
      exp_month: 12,
      exp_year: 2040,
      cvc: "123",
      padding: "x".repeat(1_100_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: "The request body is too large." });
  });

  it("declines 4000 0000 0000 0002 with 402 'Your card was declined.', and nothing can be bought with it", async () => {
    const member = await registerMember(t.app, t.database);
    const { client_secret } = await setupIntent(member);
    const res = await confirm({ client_secret, number: CARDS.declined, exp_month: 12, exp_year: 2040, cvc: "123" });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: "Your card was declined." });
    const bought = await buy(member, { package_id: PKG.monthly }, "declined-card-01");
    expect(bought.statusCode).toBe(422);
    expect(bought.json().errors).toEqual({ payment_method: ["The payment method is not confirmed. Please enter your card again."] });
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null, status: null });
    expect(await paymentsOf(member)).toEqual([]);
    expect(await sandboxCharges(member)).toEqual([]);
  });
});

describe("POST /api/v1/stripe/payment-method: what is asked for", () => {
  let member: Member;
  let pm: string;
  beforeAll(async () => {
    member = await registerMember(t.app, t.database);
    pm = await cardOf(member);
  });

  it("refuses a missing, non-integer or unknown package, another provider's package, and a mismatched checkout with 422", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ package_id: "monthly" }, "package_id", "The package id field must be an integer."],
      [{ package_id: 1.5 }, "package_id", "The package id field must be an integer."],
      [{ package_id: 0 }, "package_id", "The selected package id is invalid."],
      [{ package_id: 999 }, "package_id", "The selected package id is invalid."],
      [{ package_id: PKG.walletMonthly }, "package_id", "The selected package id is invalid."],
      [{ package_id: PKG.monthly, checkout_id: 3 }, "checkout_id", "The selected checkout id is invalid."],
      [{ package_id: PKG.yearlyTrial, promo_checkout_id: 1 }, "promo_checkout_id", "The selected promo checkout id is invalid."],
      [{ package_id: PKG.monthly, checkout_id: 4 }, "package_id", "The selected package id is not part of this checkout."],
      [{ package_id: PKG.quarterly, checkout_id: 1 }, "package_id", "The selected package id is not part of this checkout."],
      [{ package_id: PKG.monthly, checkout_id: 99 }, "checkout_id", "The selected checkout id is invalid."],
      [
        { package_id: PKG.yearlyTrial, checkout_id: 1, promo_checkout_id: 3 },
        "checkout_id",
        "Send either the checkout id or the promo checkout id, not both.",
      ],
      [{ package_id: PKG.monthly, checkout_id: "first" }, "checkout_id", "The checkout id field must be an integer."],
      [{ package_id: PKG.monthly, payment_method: 42 }, "payment_method", "The payment method must be a string."],
    ];
    for (const [change, field, message] of cases) {
      const res = await buy(member, { payment_method: pm, ...change }, `bad-input-${randomUUID()}`);
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json(), JSON.stringify(change)).toEqual({ message, errors: { [field]: [message] } });
    }
    const missing = await buy(member, { payment_method: pm }, "bad-input-missing");
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: "The package id field is required.",
      errors: { package_id: ["The package id field is required."] },
    });
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null });
    expect(await sandboxCharges(member)).toEqual([]);
  });

  it("refuses a malformed Idempotency-Key header with 422 before anything is bought", async () => {
    for (const key of ["short", "has a space in it", "ünïcode-key-123", "k".repeat(256)]) {
      const res = await buy(member, { payment_method: pm, package_id: PKG.monthly }, key);
      expect(res.statusCode, key).toBe(422);
      expect(res.json()).toEqual({
        message: "The Idempotency-Key header must be 8 to 255 visible characters.",
        errors: { "idempotency-key": ["The Idempotency-Key header must be 8 to 255 visible characters."] },
      });
    }
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null });
  });

  it("refuses an oversized body with 413", async () => {
    const res = await buy(member, { payment_method: pm, package_id: PKG.monthly, padding: "x".repeat(1_100_000) }, "oversized-001");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "The request body is too large." });
    expect(await sandboxCharges(member)).toEqual([]);
  });

  it("refuses another member's payment method with 422 and charges nobody", async () => {
    const other = await registerMember(t.app, t.database, { name: "Other" });
    const othersCard = await cardOf(other);
    const res = await buy(member, { payment_method: othersCard, package_id: PKG.monthly }, "someone-elses-card");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ payment_method: ["The payment method is not confirmed. Please enter your card again."] });
    expect(await sandboxCharges(member)).toEqual([]);
    expect(await sandboxCharges(other)).toEqual([]);
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null });
    expect(await accountStatus(other)).toMatchObject({ subscription_type: null });
  });

  it("refuses a setup the member started but never confirmed", async () => {
    const fresh = await registerMember(t.app, t.database);
    await setupIntent(fresh);
    const res = await buy(fresh, { package_id: PKG.monthly }, "never-confirmed");
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["payment_method"]);
  });
});

describe("POST /api/v1/stripe/payment-method: buying", () => {
  it("charges the monthly plan once, opens premium media and locked items right after, and shows the plan", async () => {
    const member = await registerMember(t.app, t.database);
    const locked = listedItems.find((item) => !item.free && item.media?.audio_male)!;
    expect(await mediaResource(member)).toBe(`${MEDIA}/free/*`);
    expect(await canPlay(member, locked)).toBe(false);

    const pm = await cardOf(member);
    const res = await buy(member, { payment_method: pm, package_id: PKG.monthly, checkout_id: 2 }, "monthly-buy-0001");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Monthly" });

    expect(await mediaResource(member)).toBe(`${MEDIA}/*`);
    expect(await canPlay(member, locked)).toBe(true);
    const status = await accountStatus(member);
    expect(status).toMatchObject({
      subscription_type: "Monthly",
      subscription_via: "stripe",
      status: "active",
      can_cancel: true,
      can_upgrade: true,
    });
    const periodEnd = Date.parse(status.current_period_end);
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * DAY_MS);
    expect(periodEnd - Date.now()).toBeLessThan(32 * DAY_MS);
    expect(await succeededPayments(member)).toEqual([expect.objectContaining({ amount_cents: 1499, currency: "USD" })]);
    expect(await sandboxCharges(member)).toEqual([{ status: "succeeded", amount_cents: 1499 }]);
  });

  it("charges euro packages in euros", async () => {
    const member = await registerMember(t.app, t.database);
    const res = await buy(member, { payment_method: await cardOf(member), package_id: PKG.eurMonthly }, "euro-monthly-01");
    expect(res.json().subscription_type).toBe("Monthly");
    expect(await succeededPayments(member)).toEqual([expect.objectContaining({ amount_cents: 1399, currency: "EUR" })]);
  });

  it("starts the yearly trial from the promo checkout without charging, using the latest confirmed card when none is named", async () => {
    const member = await registerMember(t.app, t.database);
    await cardOf(member);
    const res = await buy(member, { package_id: PKG.yearlyTrial, promo_checkout_id: 3 }, "promo-trial-0001");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Free trial" });
    const status = await accountStatus(member);
    expect(status).toMatchObject({ subscription_type: "Free trial", status: "trialing", can_cancel: true, can_upgrade: false });
    expect(Math.abs(Date.parse(status.current_period_end) - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    expect(await paymentsOf(member)).toEqual([]);
    expect(await sandboxCharges(member)).toEqual([]);
  });

  it("gives the trial once: a second trial purchase after the first was cancelled is charged at once", async () => {
    const member = await registerMember(t.app, t.database);
    const pm = await cardOf(member);
    expect((await buy(member, { payment_method: pm, package_id: PKG.yearlyTrial }, "trial-once-first")).json().subscription_type).toBe(
      "Free trial",
    );
    expect((await sendAs(t.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe")).statusCode).toBe(200);

    const again = await buy(member, { payment_method: pm, package_id: PKG.yearlyTrial }, "trial-once-second");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Annual" });
    expect(await succeededPayments(member)).toEqual([expect.objectContaining({ amount_cents: 5999 })]);
    expect(await accountStatus(member)).toMatchObject({ subscription_type: "Annual", status: "active" });
  });

  it("gives the trial once: a second trial purchase after the first one ended is charged at once", async () => {
    const member = await registerMember(t.app, t.database);
    const pm = await cardOf(member);
    expect((await buy(member, { payment_method: pm, package_id: PKG.yearlyTrial }, "trial-ended-first")).json().subscription_type).toBe(
      "Free trial",
    );
    // The trial was cancelled and its seven days are over.
    await t.database.executeSql("update subscriptions set status = 'expired', current_period_end = $2 where user_id = $1", [
      member.id,
      new Date(Date.now() - DAY_MS),
    ]);
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null });

    const again = await buy(member, { payment_method: pm, package_id: PKG.yearlyTrial }, "trial-ended-second");
    expect(again.json()).toMatchObject({ message: "Successfully subscribed!", subscription_type: "Annual" });
    expect(await succeededPayments(member)).toEqual([expect.objectContaining({ amount_cents: 5999 })]);
    const status = await accountStatus(member);
    expect(status).toMatchObject({ subscription_type: "Annual", status: "active", can_upgrade: false });
    expect(Date.parse(status.current_period_end) - Date.now()).toBeGreaterThan(360 * DAY_MS);
  });

  it("sells lifetime access once: charged 149.99, never ends, nothing more to buy", async () => {
    const member = await registerMember(t.app, t.database);
    const pm = await cardOf(member);
    const res = await buy(member, { payment_method: pm, package_id: PKG.lifetime, checkout_id: 4 }, "lifetime-0001");
    expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Lifetime" });
    expect(await accountStatus(member)).toMatchObject({
      subscription_type: "Lifetime",
      status: "lifetime",
      current_period_end: null,
      can_cancel: false,
      can_upgrade: false,
    });
    expect(await mediaResource(member)).toBe(`${MEDIA}/*`);
    for (const [pkg, key] of [
      [PKG.lifetime, "lifetime-0002"],
      [PKG.monthly, "lifetime-0003"],
    ] as const) {
      const more = await buy(member, { payment_method: pm, package_id: pkg }, key);
      expect(more.statusCode).toBe(409);
      expect(more.json()).toEqual({ message: "You already have lifetime access." });
    }
    expect(await succeededPayments(member)).toEqual([expect.objectContaining({ amount_cents: 14999 })]);
  });

  it("replaces a running monthly plan with lifetime: the monthly plan is cancelled, not billed again", async () => {
    const member = await registerMember(t.app, t.database);
    const pm = await cardOf(member);
    await buy(member, { payment_method: pm, package_id: PKG.monthly }, "replace-monthly-1");
    const res = await buy(member, { payment_method: pm, package_id: PKG.lifetime }, "replace-lifetime-1");
    expect(res.json().subscription_type).toBe("Lifetime");
    const subscriptions = await subscriptionsOf(member);
    expect(subscriptions.map((row) => [row.plan_type, row.status])).toEqual([
      ["Monthly", "canceled"],
      ["Lifetime", "lifetime"],
    ]);
    expect((await succeededPayments(member)).map((row) => row.amount_cents)).toEqual([1499, 14999]);
  });

  it("refuses a second subscription while one runs", async () => {
    const member = await registerMember(t.app, t.database);
    const pm = await cardOf(member);
    await buy(member, { payment_method: pm, package_id: PKG.monthly }, "second-sub-0001");
    const res = await buy(member, { payment_method: pm, package_id: PKG.quarterly }, "second-sub-0002");
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "You already have an active subscription." });
    expect(await subscriptionsOf(member)).toHaveLength(1);
    expect(await succeededPayments(member)).toHaveLength(1);
  });
});

describe("double submits", () => {
  it("answers a retried key with the first outcome and buys once", async () => {
    const member = await registerMember(t.app, t.database);
    const body = { payment_method: await cardOf(member), package_id: PKG.monthly };
    const first = await buy(member, body, "double-click-0001");
    const second = await buy(member, body, "double-click-0001");
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.json()).toEqual(first.json());
    expect(await subscriptionsOf(member)).toHaveLength(1);
    expect(await paymentsOf(member)).toHaveLength(1);
    expect(await sandboxCharges(member)).toHaveLength(1);
  });

  it("replays a refusal too: a retried key that was refused is refused the same way", async () => {
    const member = await registerMember(t.app, t.database);
    const pm = await cardOf(member);
    await buy(member, { payment_method: pm, package_id: PKG.monthly }, "refusal-first-01");
    const refused = await buy(member, { payment_method: pm, package_id: PKG.quarterly }, "refusal-second-1");
    expect(refused.statusCode).toBe(409);
    const again = await buy(member, { payment_method: pm, package_id: PKG.quarterly }, "refusal-second-1");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
  });

  it("refuses the same key with another request with 422 and buys nothing more", async () => {
    const member = await registerMember(t.app, t.database);
    const pm = await cardOf(member);
    await buy(member, { payment_method: pm, package_id: PKG.monthly }, "reused-key-0001");
    const res = await buy(member, { payment_method: pm, package_id: PKG.lifetime }, "reused-key-0001");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "This Idempotency-Key was already used for another request.",
      errors: { idempotency_key: ["This Idempotency-Key was already used for another request."] },
    });
    expect(await subscriptionsOf(member)).toHaveLength(1);
    expect(await succeededPayments(member)).toHaveLength(1);
  });

  it("keeps keys per member: another member's key is theirs alone", async () => {
    const [a, b] = [await registerMember(t.app, t.database), await registerMember(t.app, t.database)];
    const ra = await buy(a, { payment_method: await cardOf(a), package_id: PKG.monthly }, "shared-key-0001");
    const rb = await buy(b, { payment_method: await cardOf(b), package_id: PKG.yearlyTrial }, "shared-key-0001");
    expect(ra.json().subscription_type).toBe("Monthly");
    expect(rb.json().subscription_type).toBe("Free trial");
  });

  it("buys once when the same purchase is sent twice at the same moment", async () => {
    const member = await registerMember(t.app, t.database);
    const body = { payment_method: await cardOf(member), package_id: PKG.monthly };
    const answers = await Promise.all([buy(member, body, "concurrent-same-1"), buy(member, body, "concurrent-same-1")]);
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const res of ok)
      expect(res.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Monthly" });
    for (const res of answers.filter((res) => res.statusCode !== 200)) expect(res.statusCode).toBe(409);
    expect(await subscriptionsOf(member)).toHaveLength(1);
    expect(await succeededPayments(member)).toHaveLength(1);
    expect(await sandboxCharges(member)).toHaveLength(1);
  });

  it("buys one subscription when two different purchases race", async () => {
    const member = await registerMember(t.app, t.database);
    const pm = await cardOf(member);
    const answers = await Promise.all([
      buy(member, { payment_method: pm, package_id: PKG.monthly }, "race-monthly-001"),
      buy(member, { payment_method: pm, package_id: PKG.quarterly }, "race-quarter-001"),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await subscriptionsOf(member)).toHaveLength(1);
    expect(await succeededPayments(member)).toHaveLength(1);
    expect(await sandboxCharges(member)).toHaveLength(1);
  });
});

describe("the bank's approval (4000 0027 6000 3184)", () => {
  async function awaitingApproval(pkg: number = PKG.monthly, key = `approval-${randomUUID()}`) {
    const member = await registerMember(t.app, t.database);
    const pm = await cardOf(member, CARDS.approval);
    const res = await buy(member, { payment_method: pm, package_id: pkg }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: "need approve",
      redirect_url: expect.stringMatching(/^\/sandbox\/card\/approve\/pi_sandbox_[\w-]+\?return_url=/),
      subscription_type: null,
    });
    return { member, pm, key, url: res.json().redirect_url as string };
  }

  it("grants nothing until the member approves, and access once approved", async () => {
    const { member, pm, key, url } = await awaitingApproval();
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null });
    expect(await mediaResource(member)).toBe(`${MEDIA}/free/*`);
    // The page shows what is charged.
    expect((await t.app.inject({ url })).body).toContain("$14.99");

    const { returnUrl, landing } = await decide(url, "approve", "/meditation-sleep/3");
    expect(landing).toBe(`/thank-you?redirect=${encodeURIComponent("/meditation-sleep/3")}`);
    expect(await accountStatus(member)).toMatchObject({ subscription_type: "Monthly", status: "active" });
    expect(await mediaResource(member)).toBe(`${MEDIA}/*`);

    // The browser comes back again (a reload): still granted, nothing more.
    const again = await t.app.inject({ url: returnUrl });
    expect(again.headers.location).toBe(landing);
    // The same purchase retried now answers the settled outcome.
    const replay = await buy(member, { payment_method: pm, package_id: PKG.monthly }, key);
    expect(replay.json()).toEqual({ message: "Successfully subscribed!", redirect_url: null, subscription_type: "Monthly" });
    expect(await subscriptionsOf(member)).toHaveLength(1);
    expect(await succeededPayments(member)).toEqual([expect.objectContaining({ amount_cents: 1499 })]);
  });

  it("grants nothing when the member presses Cancel on the bank's page", async () => {
    const { member, pm, key, url } = await awaitingApproval(PKG.lifetime);
    const { returnUrl, landing } = await decide(url, "cancel");
    expect(landing).toBe("/cancel-transaction?provider=stripe");
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null });
    expect(await succeededPayments(member)).toEqual([]);
    expect((await paymentsOf(member)).map((row) => row.status)).toEqual(["failed"]);
    // Back again, or the same purchase retried: still refused, nothing granted.
    expect((await t.app.inject({ url: returnUrl })).headers.location).toBe("/cancel-transaction?provider=stripe");
    const replay = await buy(member, { payment_method: pm, package_id: PKG.lifetime }, key);
    expect(replay.statusCode).toBe(402);
    expect(replay.json()).toEqual({ message: "The payment was not approved." });
    expect(await subscriptionsOf(member)).toEqual([]);
    // Approving afterwards on a stale page changes nothing.
    const late = await t.app.inject({ method: "POST", url: new URL(url, "http://x").pathname, ...form({ decision: "approve" }) });
    expect(late.statusCode).toBe(303);
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null });
  });

  it("says the payment is still pending when the member comes back before deciding", async () => {
    const { member, url } = await awaitingApproval();
    const returnUrl = new URL(url, "http://x").searchParams.get("return_url")!;
    const res = await t.app.inject({ url: returnUrl });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/cancel-transaction?provider=stripe&reason=pending");
    expect(await accountStatus(member)).toMatchObject({ subscription_type: null });
  });

  it("sends an unknown or malformed purchase id to the cancel page; an unknown approval page is 404", async () => {
    for (const id of [randomUUID(), "not-a-uuid", "x".repeat(65)]) {
      const unknown = await t.app.inject({ url: `/api/v1/stripe/return/${id}` });
      expect(unknown.statusCode, id).toBe(303);
      expect(unknown.headers.location, id).toBe("/cancel-transaction?provider=stripe");
    }
    const page = await t.app.inject({ url: "/sandbox/card/approve/pi_sandbox_nothing_here" });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("This payment was not found.");
  });

  it("never redirects off the site after approval", async () => {
    const { url } = await awaitingApproval();
    const { landing } = await decide(url, "approve", "//evil.example/steal");
    expect(landing).toBe("/thank-you");
  });

  it("never bills two subscriptions when the member buys again while the first purchase waits at the bank, then approves both", async () => {
    const { member, url } = await awaitingApproval();
    const other = await buy(member, { payment_method: await cardOf(member, CARDS.ok), package_id: PKG.yearlyTrial }, "while-waiting-01");
    expect(other.json()).toMatchObject({ subscription_type: "Free trial" });
    // The bank approves the first payment after all: the member paid for it and gets it; the trial is not billed.
    expect((await decide(url, "approve")).landing).toBe("/thank-you");
    const subscriptions = await subscriptionsOf(member);
    expect(subscriptions.map((row) => [row.plan_type, row.status])).toEqual([
      ["Free trial", "canceled"],
      ["Monthly", "active"],
    ]);
    expect(await accountStatus(member)).toMatchObject({ subscription_type: "Monthly", status: "active" });
    expect((await succeededPayments(member)).map((row) => row.amount_cents)).toEqual([1499]);
  });

  it("sends both of two returns from the bank arriving at the same moment to /thank-you, and grants once", async () => {
    const { member, url } = await awaitingApproval();
    const page = new URL(url, "http://x");
    const decided = await t.app.inject({
      method: "POST",
      url: page.pathname,
      ...form({ decision: "approve", return_url: page.searchParams.get("return_url")! }),
    });
    const back = decided.headers.location as string;
    const landings = await Promise.all([t.app.inject({ url: back }), t.app.inject({ url: back }), t.app.inject({ url: back })]);
    expect(landings.map((res) => res.headers.location)).toEqual(["/thank-you", "/thank-you", "/thank-you"]);
    expect(await subscriptionsOf(member)).toHaveLength(1);
    expect((await succeededPayments(member)).map((row) => row.amount_cents)).toEqual([1499]);
  });

  it("refunds a payment the bank approves after the member bought lifetime access meanwhile, and starts nothing beside it", async () => {
    const { member, pm, key, url } = await awaitingApproval();
    const lifetime = await buy(
      member,
      { payment_method: await cardOf(member, CARDS.ok), package_id: PKG.lifetime },
      "lifetime-while-waiting",
    );
    expect(lifetime.json()).toMatchObject({ subscription_type: "Lifetime" });
    // The bank approves the monthly payment after all: the member already has everything, so it goes back.
    expect((await decide(url, "approve")).landing).toBe("/thank-you");
    expect((await subscriptionsOf(member)).map((row) => [row.plan_type, row.status])).toEqual([["Lifetime", "lifetime"]]);
    expect(await sandboxCharges(member)).toEqual(
      expect.arrayContaining([
        { status: "succeeded", amount_cents: 14999 },
        { status: "refunded", amount_cents: 1499 },
      ]),
    );
    expect((await succeededPayments(member)).map((row) => row.amount_cents)).toEqual([14999]);
    expect((await paymentsOf(member)).filter((row) => row.status === "refunded").map((row) => row.amount_cents)).toEqual([1499]);
    // The same purchase retried says so.
    const replay = await buy(member, { payment_method: pm, package_id: PKG.monthly }, key);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ message: "You already have lifetime access. The charge was refunded." });
    expect(await accountStatus(member)).toMatchObject({ subscription_type: "Lifetime" });
  });
});

describe("Stripe webhooks through the Stripe adapter", () => {
  const WEBHOOK_SECRET = "whsec_test";
  let stripe: StripeEndpoint;
  let live: TestApp;
  /** The payment intents the stand-in knows, by id: their status. */
  const intents = new Map<string, string>();
  let counter = 0;

  const intentBody = (id: string) => ({
    id,
    object: "payment_intent",
    amount: 1499,
    currency: "usd",
    status: intents.get(id),
    next_action:
      intents.get(id) === "requires_action"
        ? { type: "redirect_to_url", redirect_to_url: { url: `https://hooks.stripe.test/3ds/${id}`, return_url: "x" } }
        : null,
    last_payment_error: intents.get(id) === "requires_payment_method" ? { message: "Your card was declined." } : null,
    metadata: {},
  });

  beforeAll(async () => {
    stripe = await startStripeEndpoint();
    stripe.on("POST /v1/customers", () => ({ body: { id: `cus_${++counter}`, object: "customer" } }));
    stripe.on("POST /v1/setup_intents", () => ({
      body: {
        id: `seti_${++counter}`,
        object: "setup_intent",
        status: "requires_payment_method",
        client_secret: `seti_${counter}_secret_x`,
      },
    }));
    stripe.on("POST /v1/payment_intents", (request) => {
      const id = `pi_${++counter}`;
      intents.set(id, "requires_action");
      return { body: { ...intentBody(id), amount: Number(request.params.get("amount")), currency: request.params.get("currency") } };
    });
    live = await createTestApp({
      RATE_LIMIT_FACTOR: "100",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(async () => {
    await live.close();
    await stripe.close();
  });

  const webhook = (event: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify({
      object: "event",
      api_version: Stripe.API_VERSION,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      ...event,
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) });
    return live.app.inject({
      method: "POST",
      url: "/api/v1/stripe/webhook",
      payload,
      headers: { "content-type": "application/json", "stripe-signature": header },
    });
  };
  const succeededEvent = (id: string, intent: string) => ({
    id,
    type: "payment_intent.succeeded",
    data: { object: { ...intentBody(intent), status: "succeeded" } },
  });

  /** A member whose monthly purchase waits at the bank (Stripe answered requires_action). */
  async function waiting() {
    const member = await registerMember(live.app, live.database);
    const intent = (await getAs(live.app, member.token, "/api/v1/stripe/setup-intent")).json();
    expect(intent).toMatchObject({ api_key: "pk_test_x", mode: "live" });
    const pmId = `pm_${++counter}`;
    const customer = (
      await rows<{ customer_id: string }>(live.database, "select customer_id from payment_customers where user_id = $1", [member.id])
    )[0]!.customer_id;
    stripe.on(`GET /v1/payment_methods/${pmId}`, {
      body: { id: pmId, object: "payment_method", type: "card", customer, card: { brand: "visa", last4: "3184" } },
    });
    const res = await live.app.inject({
      method: "POST",
      url: "/api/v1/stripe/payment-method",
      headers: { ...bearer(member.token), "idempotency-key": `hook-${pmId}` },
      payload: { payment_method: pmId, package_id: PKG.monthly },
    });
    expect(res.json()).toMatchObject({
      message: "need approve",
      redirect_url: expect.stringMatching(/^https:\/\/hooks\.stripe\.test\/3ds\/pi_/),
    });
    const piId = [...intents.keys()].at(-1)!;
    stripe.on(`GET /v1/payment_intents/${piId}`, () => ({ body: intentBody(piId) }));
    return { member, piId, pmId, customer };
  }
  const status = async (member: Member) => (await getAs(live.app, member.token, "/api/v1/user/account-status")).json();
  const liveSubscriptions = (member: Member) => rows(live.database, "select id from subscriptions where user_id = $1", [member.id]);
  const livePayments = (member: Member) =>
    rows<{ status: string }>(live.database, "select status from payments where user_id = $1", [member.id]);

  it("refuses a webhook with a bad or missing signature with 400 and acts on nothing", async () => {
    const { member, piId } = await waiting();
    intents.set(piId, "succeeded");
    const forged = await webhook(succeededEvent(`evt_forged_${piId}`, piId), "whsec_someone_else");
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: "The webhook signature is not valid." });
    const unsigned = await live.app.inject({
      method: "POST",
      url: "/api/v1/stripe/webhook",
      payload: JSON.stringify(succeededEvent("evt_x", piId)),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await status(member)).toMatchObject({ subscription_type: null });
  });

  it("grants access once when payment_intent.succeeded arrives for a purchase awaiting approval, even delivered twice", async () => {
    const { member, piId, pmId, customer } = await waiting();
    expect(await status(member)).toMatchObject({ subscription_type: null });
    intents.set(piId, "succeeded");
    const event = succeededEvent(`evt_ok_${piId}`, piId);
    const [first, second] = [await webhook(event), await webhook(event)];
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(second.statusCode).toBe(200);
    // A different event about the same payment, and the member's own return, change nothing either.
    expect((await webhook(succeededEvent(`evt_again_${piId}`, piId))).statusCode).toBe(200);
    const purchase = (await rows<{ id: string }>(live.database, "select id from purchases where user_id = $1", [member.id]))[0]!;
    expect((await live.app.inject({ url: `/api/v1/stripe/return/${purchase.id}` })).headers.location).toBe("/thank-you");

    expect(await status(member)).toMatchObject({ subscription_type: "Monthly", status: "active", subscription_via: "stripe" });
    expect(await liveSubscriptions(member)).toHaveLength(1);
    expect(await livePayments(member)).toEqual([{ status: "succeeded" }]);
    // The card the bank approved is the one renewals charge.
    expect(await rows(live.database, "select customer_id, payment_method_id from subscriptions where user_id = $1", [member.id])).toEqual([
      { customer_id: customer, payment_method_id: pmId },
    ]);
  });

  it("grants once when two deliveries of the success arrive at the same moment", async () => {
    const { member, piId } = await waiting();
    intents.set(piId, "succeeded");
    const answers = await Promise.all([webhook(succeededEvent(`evt_a_${piId}`, piId)), webhook(succeededEvent(`evt_b_${piId}`, piId))]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await liveSubscriptions(member)).toHaveLength(1);
    expect(await livePayments(member)).toEqual([{ status: "succeeded" }]);
  });

  it("grants nothing for payment_intent.payment_failed", async () => {
    const { member, piId } = await waiting();
    intents.set(piId, "requires_payment_method");
    const res = await webhook({ id: `evt_fail_${piId}`, type: "payment_intent.payment_failed", data: { object: intentBody(piId) } });
    expect(res.statusCode).toBe(200);
    expect(await status(member)).toMatchObject({ subscription_type: null });
    expect(await livePayments(member)).toEqual([{ status: "failed" }]);
    // A late success for the declined payment grants nothing.
    intents.set(piId, "succeeded");
    await webhook(succeededEvent(`evt_late_${piId}`, piId));
    expect(await liveSubscriptions(member)).toHaveLength(0);
  });

  it("acknowledges events it does not act on and payments it does not know", async () => {
    expect(
      (await webhook({ id: "evt_other", type: "customer.updated", data: { object: { id: "cus_1", object: "customer" } } })).json(),
    ).toEqual({ received: true });
    intents.set("pi_unknown", "succeeded");
    expect((await webhook(succeededEvent("evt_unknown", "pi_unknown"))).statusCode).toBe(200);
  });
});
