import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RESUME_NOTHING_MESSAGE, RESUME_WALLET_MESSAGE } from "@serene/contracts";
import { addBillingMonths, DAY_MS, toUtcSecond } from "@serene/domain";
import { bearer, registerMember, rows } from "../../test/accounts.ts";
import { createBillingHarness, CARDS, PKG, type BillingHarness } from "../../test/billing-clock.ts";
import { getAs, sendAs } from "../../test/content.ts";
import { CHARGE_DUE_JOB } from "./billing.service.ts";

/**
 * GET /user/receipts, GET /user/receipts/{id}, GET /user/billing and POST /subscription/web/resume/{provider}:
 * the member's charges read back, what the subscription costs, and taking a cancellation back.
 */

let h: BillingHarness;
beforeAll(async () => {
  h = await createBillingHarness();
});
afterAll(async () => h.close());
beforeEach(() => {
  h.queued.length = 0;
  h.clock.now = Date.now();
});

const receiptsOf = async (token: string) => (await getAs(h.app, token, "/api/v1/user/receipts")).json().data as Record<string, unknown>[];
const billingOf = async (token: string) => (await getAs(h.app, token, "/api/v1/user/billing")).json() as Record<string, unknown>;

describe("GET /user/receipts", () => {
  it("lists every charge taken, newest first, and nothing that failed", async () => {
    h.clock.now = Date.now() - 31 * DAY_MS;
    const started = new Date(h.clock.now);
    const { member, subscriptionId } = await h.cardMember(PKG.monthly);
    const end = addBillingMonths(started, 1);
    h.clock.now = end.getTime();
    expect(await h.chargeJob(subscriptionId, end)).toEqual({ outcome: "charged" });
    await h.database.executeSql(
      "insert into payments (user_id, provider, idempotency_key, amount_cents, currency, status) values ($1, 'stripe', $2, 1499, 'USD', 'failed')",
      [member.id, `failed-${member.id}`],
    );

    const res = await getAs(h.app, member.token, "/api/v1/user/receipts");
    expect(res.statusCode).toBe(200);
    const receipts = res.json().data;
    expect(receipts).toHaveLength(2);
    expect(Object.keys(receipts[0]).sort()).toEqual(
      [
        "amount",
        "amount_cents",
        "credit",
        "credit_cents",
        "currency",
        "id",
        "item",
        "paid_at",
        "paid_with",
        "period_end",
        "period_start",
        "price",
        "reference",
        "refunded",
        "refunded_cents",
        "status",
      ].sort(),
    );
    expect(receipts[0]).toMatchObject({
      item: "Monthly plan",
      amount_cents: 1499,
      amount: "$14.99",
      credit_cents: 0,
      credit: null,
      price: null,
      currency: "USD",
      status: "paid",
      refunded_cents: 0,
      refunded: null,
      period_start: toUtcSecond(end),
      period_end: toUtcSecond(addBillingMonths(end, 1)),
      paid_with: "Card •••• 4242",
    });
    expect(receipts[0].reference).toMatch(/^SR-\d{8}-[0-9A-F]{8}$/);
    expect(receipts[1]).toMatchObject({ item: "Monthly plan", amount: "$14.99", period_start: null });
    expect(new Date(receipts[0].paid_at).getTime()).toBeGreaterThanOrEqual(new Date(receipts[1].paid_at).getTime());
  });

  it("answers an empty list for a member who never paid, and 401 without a token", async () => {
    const member = await registerMember(h.app, h.database);
    expect(await receiptsOf(member.token)).toEqual([]);
    expect((await h.app.inject({ url: "/api/v1/user/receipts" })).statusCode).toBe(401);
  });

  it("shows a refunded charge as refunded", async () => {
    const { member } = await h.cardMember(PKG.lifetime);
    await h.database.executeSql("update payments set status = 'refunded' where user_id = $1", [member.id]);
    expect(await receiptsOf(member.token)).toEqual([expect.objectContaining({ item: "Lifetime access", status: "refunded" })]);
  });
});

describe("GET /user/receipts/{id}", () => {
  it("answers one receipt of the member, the same as in the list", async () => {
    const { member } = await h.cardMember(PKG.monthly);
    const [listed] = await receiptsOf(member.token);
    const res = await getAs(h.app, member.token, `/api/v1/user/receipts/${listed!.id as string}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(listed);
  });

  it("answers 404 for another member's receipt, an unknown id, a malformed id and a failed charge", async () => {
    const { member: owner } = await h.cardMember(PKG.monthly);
    const [receipt] = await receiptsOf(owner.token);
    const other = await registerMember(h.app, h.database);
    const [failed] = await rows<{ id: string }>(
      h.database,
      "insert into payments (user_id, provider, idempotency_key, amount_cents, currency, status) values ($1, 'stripe', $2, 1499, 'USD', 'failed') returning id",
      [other.id, `failed-${other.id}`],
    );
    const notFound = { message: "This receipt was not found." };
    for (const id of [receipt!.id as string, "00000000-0000-4000-8000-000000000000", "not-an-id", "1'%20OR%20'1'='1", failed!.id]) {
      const res = await getAs(h.app, other.token, `/api/v1/user/receipts/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it("answers an over-long id like an unknown one, and asks for a token", async () => {
    const member = await registerMember(h.app, h.database);
    const res = await getAs(h.app, member.token, `/api/v1/user/receipts/${"a".repeat(65)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "This receipt was not found." });
    expect((await h.app.inject({ url: "/api/v1/user/receipts/00000000-0000-4000-8000-000000000000" })).statusCode).toBe(401);
  });
});

describe("GET /user/billing", () => {
  it("shows a trial's price, next charge, card, and nothing to resume", async () => {
    const started = h.clock.now;
    const { member } = await h.cardMember(PKG.yearlyTrial);
    const trialEnd = toUtcSecond(new Date(started + 7 * DAY_MS));
    expect(await billingOf(member.token)).toEqual({
      plan: "Free trial",
      status: "trialing",
      provider: "stripe",
      price: "$59.99",
      billing_period: "year",
      next_charge_at: trialEnd,
      next_charge_amount: "$59.99",
      access_until: trialEnd,
      payment_method: "Card •••• 4242",
      can_resume: false,
    });
  });

  it("answers nulls for a free member and names the wallet for a wallet subscription", async () => {
    const member = await registerMember(h.app, h.database);
    expect(await billingOf(member.token)).toEqual({
      plan: null,
      status: null,
      provider: null,
      price: null,
      billing_period: null,
      next_charge_at: null,
      next_charge_amount: null,
      access_until: null,
      payment_method: null,
      can_resume: false,
    });
    const { member: wallet } = await h.walletMember(PKG.walletMonthly);
    expect(await billingOf(wallet.token)).toMatchObject({
      plan: "Monthly",
      price: "$14.99",
      billing_period: "month",
      payment_method: "PayPal",
    });
  });

  it("shows lifetime access without a price or a next charge", async () => {
    const { member } = await h.cardMember(PKG.lifetime);
    expect(await billingOf(member.token)).toMatchObject({
      plan: "Lifetime",
      status: "lifetime",
      price: null,
      next_charge_at: null,
      access_until: null,
      can_resume: false,
    });
  });
});

describe("POST /subscription/web/resume/{provider}", () => {
  it("takes a cancellation back: the next charge is due again and is taken at the period's end", async () => {
    h.clock.now = Date.now() - 20 * DAY_MS;
    const started = new Date(h.clock.now);
    const { member, subscriptionId } = await h.cardMember(PKG.monthly);
    const end = addBillingMonths(started, 1);
    expect((await sendAs(h.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe")).statusCode).toBe(200);
    expect(await billingOf(member.token)).toMatchObject({
      status: "canceled",
      next_charge_at: null,
      access_until: toUtcSecond(end),
      can_resume: true,
    });

    h.clock.now += 1000;
    h.queued.length = 0;
    const res = await sendAs(h.app, member.token, "POST", "/api/v1/subscription/web/resume/stripe");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Your subscription is running again." });
    expect(await billingOf(member.token)).toMatchObject({ status: "active", next_charge_at: toUtcSecond(end), can_resume: false });
    expect((await getAs(h.app, member.token, "/api/v1/user/account-status")).json()).toMatchObject({ status: "active", can_cancel: true });
    expect(h.queued.filter((job) => job.name === CHARGE_DUE_JOB)).toEqual([
      expect.objectContaining({ data: { subscriptionId, periodStart: end.toISOString(), attempt: 0 }, startAfter: end }),
    ]);

    // Resuming again has nothing to resume.
    const again = await sendAs(h.app, member.token, "POST", "/api/v1/subscription/web/resume/stripe");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: RESUME_NOTHING_MESSAGE });

    h.clock.now = end.getTime();
    expect(await h.chargeJob(subscriptionId, end)).toEqual({ outcome: "charged" });
    expect(await receiptsOf(member.token)).toHaveLength(2);
  });

  it("refuses a subscription that is not cancelled, a wallet one, another provider's, a bad provider and a free member", async () => {
    const { member } = await h.cardMember(PKG.monthly);
    const running = await sendAs(h.app, member.token, "POST", "/api/v1/subscription/web/resume/stripe");
    expect(running.statusCode).toBe(409);
    expect(running.json()).toEqual({ message: RESUME_NOTHING_MESSAGE });
    const wrongProvider = await sendAs(h.app, member.token, "POST", "/api/v1/subscription/web/resume/paypal");
    expect(wrongProvider.statusCode).toBe(404);
    const badProvider = await sendAs(h.app, member.token, "POST", "/api/v1/subscription/web/resume/bank");
    expect(badProvider.statusCode).toBe(422);
    expect(badProvider.json()).toEqual({
      message: "The selected provider is invalid.",
      errors: { provider: ["The selected provider is invalid."] },
    });

    const { member: wallet } = await h.walletMember(PKG.walletMonthly);
    await sendAs(h.app, wallet.token, "DELETE", "/api/v1/subscription/web/cancel/paypal");
    const walletResume = await sendAs(h.app, wallet.token, "POST", "/api/v1/subscription/web/resume/paypal");
    expect(walletResume.statusCode).toBe(409);
    expect(walletResume.json()).toEqual({ message: RESUME_WALLET_MESSAGE });

    const free = await registerMember(h.app, h.database);
    expect((await sendAs(h.app, free.token, "POST", "/api/v1/subscription/web/resume/stripe")).statusCode).toBe(404);
    expect((await h.app.inject({ method: "POST", url: "/api/v1/subscription/web/resume/stripe" })).statusCode).toBe(401);
  });

  it("refuses once the period has ended: access is over", async () => {
    const started = h.clock.now;
    const { member } = await h.cardMember(PKG.yearlyTrial, CARDS.ok);
    await sendAs(h.app, member.token, "DELETE", "/api/v1/subscription/web/cancel/stripe");
    h.clock.now = started + 8 * DAY_MS;
    const res = await h.app.inject({ method: "POST", url: "/api/v1/subscription/web/resume/stripe", headers: bearer(member.token) });
    expect(res.statusCode).toBe(404);
    expect(await billingOf(member.token)).toMatchObject({ plan: null, can_resume: false });
  });
});
