import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPayPalEndpoint, type PayPalEndpoint } from "../../../test/paypal-endpoint.ts";
import { createPayPalWallet } from "./paypal-wallet.ts";
import { InvalidWebhookError, type WalletItem, type WalletProcessor } from "./ports.ts";

/** The PayPal adapter against a local PayPal-shaped HTTP endpoint. */
const CREDENTIALS = { clientId: "serene-client", clientSecret: "s3cret-value", webhookId: "WH-7Y7254563A4550640" };

let paypal: PayPalEndpoint;
let wallet: WalletProcessor;

beforeEach(async () => {
  paypal = await startPayPalEndpoint(CREDENTIALS);
  wallet = createPayPalWallet({ ...CREDENTIALS, apiUrl: `${paypal.url}/`, brandName: "Serene" });
});
afterEach(async () => {
  vi.useRealTimers();
  await paypal.close();
});

const member = { id: "m-1", email: "ada@example.com", name: "Ada" };
const monthly: WalletItem = { packageId: 1, name: "Serene monthly", money: { amountCents: 999, currency: "USD" }, months: 1, trialDays: 7 };
const annual: WalletItem = { packageId: 2, name: "Serene annual", money: { amountCents: 5999, currency: "USD" }, months: 12, trialDays: 0 };
const lifetime: WalletItem = {
  packageId: 3,
  name: "Serene lifetime",
  money: { amountCents: 14900, currency: "EUR" },
  months: 0,
  trialDays: 0,
};

function checkout(item: WalletItem, reference = "purchase-1", idempotencyKey = `checkout-${reference}`) {
  return wallet.createCheckout({
    reference,
    member,
    item,
    returnUrl: "https://serene.test/checkout/paypal/return",
    cancelUrl: "https://serene.test/checkout/paypal/cancel",
    idempotencyKey,
  });
}

const bearerOf = (route: string) => paypal.requestsTo(route).map((request) => request.headers.authorization);

describe("access token", () => {
  it("is fetched once with Basic auth and client credentials, then reused", async () => {
    await checkout(monthly, "p-1");
    await checkout(monthly, "p-2");

    const tokenRequests = paypal.requestsTo("POST /v1/oauth2/token");
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]!.headers.authorization).toBe(`Basic ${Buffer.from("serene-client:s3cret-value").toString("base64")}`);
    expect(tokenRequests[0]!.body).toBe("grant_type=client_credentials");
    const bearers = new Set(
      paypal.requests.filter((request) => request.path !== "/v1/oauth2/token").map((request) => request.headers.authorization),
    );
    expect([...bearers]).toEqual(["Bearer A21AA-token-000001"]);
  });

  it("is fetched again after PayPal answers 401, and the call is retried once", async () => {
    await checkout(monthly, "p-1");
    paypal.revokeTokens();

    const second = await checkout(monthly, "p-2");

    expect(second.providerReference).toMatch(/^I-/);
    expect(paypal.requestsTo("POST /v1/oauth2/token")).toHaveLength(2);
    const subscriptionBearers = bearerOf("POST /v1/billing/subscriptions");
    expect(subscriptionBearers).toHaveLength(3);
    expect(subscriptionBearers[1]).toBe(subscriptionBearers[0]);
    expect(subscriptionBearers[2]).not.toBe(subscriptionBearers[0]);
  });

  it("gives up after one retry when the new token is refused too", async () => {
    await checkout(monthly, "p-1");
    const unauthorized = { status: 401, body: { error: "invalid_token", error_description: "Token expired" } };
    paypal.respondOnce("GET /v1/billing/subscriptions/I-X", unauthorized);
    paypal.respondOnce("GET /v1/billing/subscriptions/I-X", unauthorized);

    await expect(wallet.completeCheckout({ providerReference: "I-X", lifetime: false, idempotencyKey: "k" })).rejects.toThrow(/401/);
    expect(paypal.requestsTo("GET /v1/billing/subscriptions/I-X")).toHaveLength(2);
    expect(paypal.requestsTo("POST /v1/oauth2/token")).toHaveLength(2);
  });

  it("is renewed shortly before it expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-03-01T10:00:00Z"));
    await checkout(monthly, "p-1");
    vi.setSystemTime(new Date("2025-03-01T18:00:00Z"));
    await checkout(monthly, "p-2");
    expect(paypal.requestsTo("POST /v1/oauth2/token")).toHaveLength(1);

    // PayPal's token lives 32400 s (9 h); a minute before that a new one is asked for.
    vi.setSystemTime(new Date("2025-03-01T18:59:30Z"));
    await checkout(monthly, "p-3");
    expect(paypal.requestsTo("POST /v1/oauth2/token")).toHaveLength(2);
  });

  it("reports refused credentials without repeating them", async () => {
    const refused = createPayPalWallet({ ...CREDENTIALS, clientSecret: "wrong-secret", apiUrl: paypal.url, brandName: "Serene" });
    const failure = await refused.cancelSubscription("I-1", "member asked").catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure!.message).toMatch(/invalid_client/);
    expect(failure!.message).not.toContain("wrong-secret");
  });
});

describe("plans", () => {
  it("creates the product once and one plan per item, reusing them", async () => {
    await checkout(monthly, "p-1");
    await checkout(monthly, "p-2");
    await checkout(annual, "p-3");
    await checkout({ ...monthly, money: { amountCents: 1299, currency: "USD" } }, "p-4");

    const products = paypal.requestsTo("POST /v1/catalogs/products");
    expect(products).toHaveLength(1);
    expect(products[0]!.headers["paypal-request-id"]).toBe("product-serene");
    expect(products[0]!.body).toMatchObject({ name: "Serene", type: "SERVICE" });

    const plans = paypal.requestsTo("POST /v1/billing/plans");
    expect(plans.map((request) => request.headers["paypal-request-id"])).toEqual([
      "plan-1-999-USD-7",
      "plan-2-5999-USD-0",
      "plan-1-1299-USD-7",
    ]);
    const [first, second] = paypal.requestsTo("POST /v1/billing/subscriptions");
    expect((first!.body as { plan_id: string }).plan_id).toBe((second!.body as { plan_id: string }).plan_id);
  });

  it("bills a free trial of trialDays days, then the price every `months` months", async () => {
    await checkout(monthly);
    const plan = paypal.requestsTo("POST /v1/billing/plans")[0]!.body;
    expect(plan).toEqual({
      product_id: "PROD-000002",
      name: "Serene monthly",
      status: "ACTIVE",
      billing_cycles: [
        {
          frequency: { interval_unit: "DAY", interval_count: 7 },
          tenure_type: "TRIAL",
          sequence: 1,
          total_cycles: 1,
          pricing_scheme: { fixed_price: { value: "0.00", currency_code: "USD" } },
        },
        {
          frequency: { interval_unit: "MONTH", interval_count: 1 },
          tenure_type: "REGULAR",
          sequence: 2,
          total_cycles: 0,
          pricing_scheme: { fixed_price: { value: "9.99", currency_code: "USD" } },
        },
      ],
      payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
    });
  });

  it("has no trial cycle without trial days", async () => {
    await checkout(annual);
    const plan = paypal.requestsTo("POST /v1/billing/plans")[0]!.body as { billing_cycles: unknown[] };
    expect(plan.billing_cycles).toEqual([
      {
        frequency: { interval_unit: "MONTH", interval_count: 12 },
        tenure_type: "REGULAR",
        sequence: 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { value: "59.99", currency_code: "USD" } },
      },
    ]);
  });

  it("tries again after a failed plan creation", async () => {
    paypal.respondOnce("POST /v1/billing/plans", {
      status: 500,
      body: { name: "INTERNAL_SERVER_ERROR", message: "An internal server error occurred." },
    });
    await expect(checkout(monthly, "p-1")).rejects.toThrow(/INTERNAL_SERVER_ERROR/);
    await checkout(monthly, "p-2");
    expect(paypal.requestsTo("POST /v1/billing/plans")).toHaveLength(2);
    expect(paypal.requestsTo("POST /v1/catalogs/products")).toHaveLength(1);
  });
});

describe("checkout", () => {
  it("starts a subscription on the item's plan and answers PayPal's approval link", async () => {
    const started = await checkout(monthly, "purchase-42", "idem-42");

    const [request] = paypal.requestsTo("POST /v1/billing/subscriptions");
    const planId = [...paypal.subscriptions.values()][0]!.planId;
    expect(planId).toMatch(/^P-/);
    expect(request!.headers["paypal-request-id"]).toBe("idem-42");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.body).toEqual({
      plan_id: planId,
      custom_id: "purchase-42",
      subscriber: { email_address: "ada@example.com", name: { given_name: "Ada" } },
      application_context: {
        brand_name: "Serene",
        user_action: "SUBSCRIBE_NOW",
        shipping_preference: "NO_SHIPPING",
        return_url: "https://serene.test/checkout/paypal/return",
        cancel_url: "https://serene.test/checkout/paypal/cancel",
      },
    });
    expect(started.providerReference).toBe([...paypal.subscriptions.keys()][0]);
    expect(started.approvalUrl).toBe(
      `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-${started.providerReference}`,
    );
  });

  it("answers the same subscription for a repeated idempotency key", async () => {
    const first = await checkout(monthly, "p-1", "same-key");
    const again = await checkout(monthly, "p-1", "same-key");
    expect(again).toEqual(first);
    expect(paypal.subscriptions.size).toBe(1);
  });

  it("sells lifetime as a one-time order answering the payer-action link", async () => {
    const started = await checkout(lifetime, "purchase-7", "idem-7");

    expect(paypal.requestsTo("POST /v1/billing/plans")).toHaveLength(0);
    expect(paypal.requestsTo("POST /v1/catalogs/products")).toHaveLength(0);
    const [request] = paypal.requestsTo("POST /v2/checkout/orders");
    expect(request!.headers["paypal-request-id"]).toBe("idem-7");
    expect(request!.body).toEqual({
      intent: "CAPTURE",
      purchase_units: [{ custom_id: "purchase-7", description: "Serene lifetime", amount: { currency_code: "EUR", value: "149.00" } }],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: "Serene",
            user_action: "PAY_NOW",
            shipping_preference: "NO_SHIPPING",
            return_url: "https://serene.test/checkout/paypal/return",
            cancel_url: "https://serene.test/checkout/paypal/cancel",
          },
        },
      },
    });
    expect(started).toEqual({
      providerReference: "ORDER-000002",
      approvalUrl: "https://www.sandbox.paypal.com/checkoutnow?token=ORDER-000002",
    });
  });

  it("fails when PayPal answers no approval link", async () => {
    paypal.respondOnce("POST /v2/checkout/orders", { status: 200, body: { id: "ORDER-1", status: "CREATED", links: [] } });
    await expect(checkout(lifetime)).rejects.toThrow(/approval link/);
  });
});

describe("completing a checkout", () => {
  const complete = (providerReference: string, lifetimeOrder: boolean, idempotencyKey = "complete-1") =>
    wallet.completeCheckout({ providerReference, lifetime: lifetimeOrder, idempotencyKey });

  it("reads the subscription's status", async () => {
    const { providerReference: id } = await checkout(monthly);
    expect(await complete(id, false)).toEqual({ status: "pending" });

    paypal.subscriptions.get(id)!.status = "APPROVED";
    expect(await complete(id, false)).toEqual({ status: "pending" });

    paypal.subscriptions.get(id)!.status = "ACTIVE";
    expect(await complete(id, false)).toEqual({ status: "approved", subscriptionId: id, paymentId: null });

    for (const status of ["CANCELLED", "EXPIRED", "SUSPENDED"]) {
      paypal.subscriptions.get(id)!.status = status;
      expect(await complete(id, false)).toEqual({ status: "canceled" });
    }
    expect(paypal.requestsTo(`GET /v1/billing/subscriptions/${id}`)).toHaveLength(6);
  });

  it("keeps an order the member has not approved pending", async () => {
    const { providerReference: id } = await checkout(lifetime);
    expect(await complete(id, true)).toEqual({ status: "pending" });
    expect(paypal.orders.get(id)!.status).toBe("PAYER_ACTION_REQUIRED");
  });

  it("captures an approved order, and answers the same capture once it is captured", async () => {
    const { providerReference: id } = await checkout(lifetime);
    paypal.orders.get(id)!.status = "APPROVED";

    const captured = await complete(id, true, "capture-key");
    const captureId = paypal.orders.get(id)!.captureId!;
    expect(captureId).toMatch(/^CAPTURE-/);
    expect(captured).toEqual({ status: "approved", subscriptionId: null, paymentId: captureId });
    const [capture] = paypal.requestsTo(`POST /v2/checkout/orders/${id}/capture`);
    expect(capture!.headers["paypal-request-id"]).toBe("capture-key");

    // A capture with a fresh key meets ORDER_ALREADY_CAPTURED; the order itself says it is paid.
    expect(await complete(id, true, "another-key")).toEqual({ status: "approved", subscriptionId: null, paymentId: captureId });
    expect(paypal.requestsTo(`GET /v2/checkout/orders/${id}`)).toHaveLength(1);
  });

  it("treats a declined capture as canceled", async () => {
    paypal.respondOnce("POST /v2/checkout/orders/ORDER-9/capture", {
      status: 201,
      body: { id: "ORDER-9", status: "COMPLETED", purchase_units: [{ payments: { captures: [{ id: "CAP-9", status: "DECLINED" }] } }] },
    });
    expect(await complete("ORDER-9", true)).toEqual({ status: "canceled" });
  });

  it("throws PayPal's error for an unknown order", async () => {
    await expect(complete("ORDER-MISSING", true)).rejects.toThrow(/404.*RESOURCE_NOT_FOUND/);
  });
});

describe("subscription changes", () => {
  it("cancels a subscription, and counts an already cancelled one as done", async () => {
    const { providerReference: id } = await checkout(monthly);
    paypal.subscriptions.get(id)!.status = "ACTIVE";

    await wallet.cancelSubscription(id, "The member canceled in Serene");
    expect(paypal.subscriptions.get(id)!.status).toBe("CANCELLED");
    expect(paypal.requestsTo(`POST /v1/billing/subscriptions/${id}/cancel`)[0]!.body).toEqual({ reason: "The member canceled in Serene" });

    await expect(wallet.cancelSubscription(id, "again")).resolves.toBeUndefined();
    expect(paypal.requestsTo(`POST /v1/billing/subscriptions/${id}/cancel`)).toHaveLength(2);
  });

  it("throws when PayPal does not know the subscription", async () => {
    await expect(wallet.cancelSubscription("I-MISSING", "x")).rejects.toThrow(/RESOURCE_NOT_FOUND/);
  });

  it("reads where a subscription stands without changing it: pending, approved (it bills) or ended", async () => {
    const { providerReference: id } = await checkout(monthly);
    const cases: [string, string][] = [
      ["APPROVAL_PENDING", "pending"],
      ["APPROVED", "approved"],
      ["ACTIVE", "approved"],
      ["SUSPENDED", "approved"],
      ["CANCELLED", "ended"],
      ["EXPIRED", "ended"],
    ];
    for (const [status, expected] of cases) {
      paypal.subscriptions.get(id)!.status = status;
      expect(await wallet.agreementStatus(id), status).toBe(expected);
    }
    expect(paypal.requestsTo(`GET /v1/billing/subscriptions/${id}`)).toHaveLength(cases.length);
    expect(
      paypal.requests.filter((request) => request.method === "POST" && request.path.startsWith(`/v1/billing/subscriptions/${id}`)),
    ).toEqual([]);
    expect(await wallet.agreementStatus("I-MISSING")).toBe("ended");
    paypal.respondOnce(`GET /v1/billing/subscriptions/${id}`, { status: 503, body: { name: "SERVICE_UNAVAILABLE" } });
    await expect(wallet.agreementStatus(id)).rejects.toThrow(/503/);
  });

  it("revises a subscription onto the new item's plan", async () => {
    const { providerReference: id } = await checkout(monthly);

    const changed = await wallet.changePlan({
      subscriptionId: id,
      item: annual,
      returnUrl: "https://serene.test/account/plan/return",
      cancelUrl: "https://serene.test/account/plan/cancel",
    });

    const plans = paypal.requestsTo("POST /v1/billing/plans");
    expect(plans.map((request) => request.headers["paypal-request-id"])).toEqual(["plan-1-999-USD-7", "plan-2-5999-USD-0"]);
    expect(paypal.requestsTo("POST /v1/catalogs/products")).toHaveLength(1);
    const [revise] = paypal.requestsTo(`POST /v1/billing/subscriptions/${id}/revise`);
    expect(revise!.body).toEqual({
      plan_id: expect.stringMatching(/^P-/),
      application_context: {
        brand_name: "Serene",
        return_url: "https://serene.test/account/plan/return",
        cancel_url: "https://serene.test/account/plan/cancel",
      },
    });
    expect((revise!.body as { plan_id: string }).plan_id).not.toBe(paypal.subscriptions.get(id)!.planId);
    expect(changed).toEqual({ approvalUrl: `https://www.sandbox.paypal.com/webapps/billing/subscriptions/update?ba_token=BA-R-${id}` });
  });

  it("answers no approval URL when PayPal needs none", async () => {
    paypal.respondOnce("POST /v1/billing/subscriptions/I-5/revise", {
      status: 200,
      body: { plan_id: "P-1", links: [{ rel: "self", href: "https://x" }] },
    });
    const changed = await wallet.changePlan({ subscriptionId: "I-5", item: annual, returnUrl: "https://r", cancelUrl: "https://c" });
    expect(changed).toEqual({ approvalUrl: null });
  });
});

describe("webhooks", () => {
  const transmission = (signature = paypal.validSignature) => ({
    "paypal-transmission-id": "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
    "paypal-transmission-time": "2025-03-01T10:00:00Z",
    "paypal-transmission-sig": signature,
    "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77",
    "paypal-auth-algo": "SHA256withRSA",
  });
  const event = (eventType: string, resource: Record<string, unknown>) => ({
    id: `WH-${eventType}`,
    create_time: "2025-03-01T09:59:58Z",
    resource_type: "subscription",
    event_type: eventType,
    resource,
  });
  const read = (body: unknown, headers: Record<string, string | string[] | undefined> = transmission()) =>
    wallet.readWebhook(Buffer.from(typeof body === "string" ? body : JSON.stringify(body)), headers);
  const at = new Date("2025-03-01T09:59:58Z");

  it("verifies with PayPal, sending the transmission headers, webhook id and event", async () => {
    const body = event("BILLING.SUBSCRIPTION.CANCELLED", { id: "I-1" });
    await read(body);

    const [verify] = paypal.requestsTo("POST /v1/notifications/verify-webhook-signature");
    expect(verify!.headers.authorization).toMatch(/^Bearer A21AA-token-/);
    expect(verify!.body).toEqual({
      auth_algo: "SHA256withRSA",
      cert_url: "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77",
      transmission_id: "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
      transmission_sig: paypal.validSignature,
      transmission_time: "2025-03-01T10:00:00Z",
      webhook_id: "WH-7Y7254563A4550640",
      webhook_event: body,
    });
  });

  it("reads each event the product acts on", async () => {
    expect(
      await read(
        event("PAYMENT.SALE.COMPLETED", {
          id: "SALE-1",
          billing_agreement_id: "I-1",
          amount: { total: "9.99", currency: "USD" },
          state: "completed",
        }),
      ),
    ).toEqual({
      eventId: "WH-PAYMENT.SALE.COMPLETED",
      at,
      kind: "subscription_charged",
      subscriptionId: "I-1",
      paymentId: "SALE-1",
      money: { amountCents: 999, currency: "USD" },
    });
    expect(await read(event("BILLING.SUBSCRIPTION.PAYMENT.FAILED", { id: "I-2" }))).toEqual({
      eventId: "WH-BILLING.SUBSCRIPTION.PAYMENT.FAILED",
      at,
      kind: "subscription_charge_failed",
      subscriptionId: "I-2",
    });
    expect(await read(event("BILLING.SUBSCRIPTION.CANCELLED", { id: "I-3" }))).toEqual({
      eventId: "WH-BILLING.SUBSCRIPTION.CANCELLED",
      at,
      kind: "subscription_canceled",
      subscriptionId: "I-3",
    });
    expect(await read(event("BILLING.SUBSCRIPTION.SUSPENDED", { id: "I-4" }))).toEqual({
      eventId: "WH-BILLING.SUBSCRIPTION.SUSPENDED",
      at,
      kind: "subscription_suspended",
      subscriptionId: "I-4",
    });
  });

  it("ignores sales outside subscriptions and other event types", async () => {
    expect(await read(event("PAYMENT.SALE.COMPLETED", { id: "SALE-2", amount: { total: "5.00", currency: "USD" } }))).toEqual({
      eventId: "WH-PAYMENT.SALE.COMPLETED",
      at,
      kind: "ignored",
      type: "PAYMENT.SALE.COMPLETED",
    });
    expect(await read(event("BILLING.SUBSCRIPTION.ACTIVATED", { id: "I-5" }))).toMatchObject({
      kind: "ignored",
      type: "BILLING.SUBSCRIPTION.ACTIVATED",
    });
  });

  it("refuses an event PayPal does not verify", async () => {
    await expect(read(event("BILLING.SUBSCRIPTION.CANCELLED", { id: "I-1" }), transmission("forged-signature"))).rejects.toBeInstanceOf(
      InvalidWebhookError,
    );
    expect(paypal.requestsTo("POST /v1/notifications/verify-webhook-signature")).toHaveLength(1);
  });

  it("refuses a webhook missing a transmission header, without asking PayPal", async () => {
    for (const name of Object.keys(transmission())) {
      const headers: Record<string, string | undefined> = { ...transmission(), [name]: undefined };
      await expect(read(event("BILLING.SUBSCRIPTION.CANCELLED", { id: "I-1" }), headers)).rejects.toBeInstanceOf(InvalidWebhookError);
    }
    expect(paypal.requestsTo("POST /v1/notifications/verify-webhook-signature")).toHaveLength(0);
  });

  it("refuses a body that is not JSON", async () => {
    await expect(read("{not json")).rejects.toBeInstanceOf(InvalidWebhookError);
    expect(paypal.requestsTo("POST /v1/notifications/verify-webhook-signature")).toHaveLength(0);
  });

  it("reads headers whatever their case", async () => {
    const headers = Object.fromEntries(Object.entries(transmission()).map(([name, value]) => [name.toUpperCase(), [value]]));
    await expect(read(event("BILLING.SUBSCRIPTION.CANCELLED", { id: "I-1" }), headers)).resolves.toMatchObject({
      kind: "subscription_canceled",
    });
  });

  it("lets PayPal outages through as errors, not invalid webhooks", async () => {
    paypal.respondOnce("POST /v1/notifications/verify-webhook-signature", {
      status: 503,
      body: { name: "SERVICE_UNAVAILABLE", message: "Try later" },
    });
    const failure = await read(event("BILLING.SUBSCRIPTION.CANCELLED", { id: "I-1" })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(InvalidWebhookError);
    expect((failure as Error).message).toMatch(/503.*SERVICE_UNAVAILABLE/);
  });
});

it("reports PayPal's error name and message without the access token", async () => {
  paypal.respondOnce("POST /v1/billing/subscriptions", {
    status: 400,
    body: { name: "INVALID_REQUEST", message: "Request is not well-formed.", details: [{ issue: "INVALID_PARAMETER_SYNTAX" }] },
  });
  const failure = (await checkout(monthly).catch((error: unknown) => error)) as Error;
  expect(failure).toBeInstanceOf(Error);
  expect(failure.message).toBe(
    "PayPal POST /v1/billing/subscriptions failed (400): INVALID_REQUEST Request is not well-formed. (INVALID_PARAMETER_SYNTAX)",
  );
  expect(failure.message).not.toMatch(/A21AA-token/);
});
