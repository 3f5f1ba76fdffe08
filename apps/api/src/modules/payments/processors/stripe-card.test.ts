import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startStripeEndpoint, type StripeEndpoint } from "../../../test/stripe-endpoint.ts";
import { InvalidWebhookError, type CardProcessor } from "./ports.ts";
import { createStripeCard } from "./stripe-card.ts";

/**
 * The Stripe adapter against a loopback stand-in for api.stripe.com: the real SDK sends real
 * HTTP requests, and the tests read what went over the wire and how the answers are understood.
 */

const WEBHOOK_SECRET = "whsec_serene_test_secret";
const member = { id: "6f1c0a52-2b1e-4c1e-9d67-2f4a1c9e0b11", email: "robin@example.test", name: "Robin Ash" };

let endpoint: StripeEndpoint;
let card: CardProcessor;

beforeAll(async () => {
  endpoint = await startStripeEndpoint();
  card = createStripeCard({
    secretKey: "sk_test_serene",
    publishableKey: "pk_test_serene",
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: endpoint.url,
  });
});
afterAll(() => endpoint.close());
beforeEach(() => endpoint.reset());

/** A Stripe-shaped PaymentIntent. */
const intent = (fields: Record<string, unknown> = {}) => ({
  id: "pi_1",
  object: "payment_intent",
  amount: 1299,
  currency: "eur",
  status: "succeeded",
  next_action: null,
  last_payment_error: null,
  metadata: {},
  ...fields,
});

const paymentMethod = (fields: Record<string, unknown> = {}) => ({
  id: "pm_1",
  object: "payment_method",
  type: "card",
  customer: "cus_1",
  card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
  ...fields,
});

const setupIntent = (fields: Record<string, unknown> = {}) => ({
  id: "seti_1",
  object: "setup_intent",
  customer: "cus_1",
  status: "succeeded",
  payment_method: "pm_1",
  ...fields,
});

const list = (data: unknown[]) => ({ object: "list", data, has_more: false, url: "/v1/setup_intents" });

const chargeInput = (fields: Partial<Parameters<CardProcessor["charge"]>[0]> = {}) => ({
  customerId: "cus_1",
  paymentMethodId: "pm_1",
  money: { amountCents: 1299, currency: "EUR" },
  description: "Serene Premium, monthly",
  idempotencyKey: "renewal-sub_1-2026-05",
  onSession: false,
  returnUrl: "https://serene.example/checkout/return",
  metadata: { purchase_id: "pur_1" },
  ...fields,
});

describe("Stripe card processor", () => {
  it("names itself and hands the card form its publishable key", () => {
    expect(card.adapter).toBe("stripe");
    expect(card.publishableKey).toBe("pk_test_serene");
  });

  describe("customers", () => {
    it("creates the member's customer once, under an idempotency key of the member", async () => {
      endpoint.on("POST /v1/customers", { body: { id: "cus_new", object: "customer" } });

      await expect(card.ensureCustomer(member, null)).resolves.toBe("cus_new");

      const [request, ...more] = endpoint.requests;
      expect(more).toHaveLength(0);
      expect(request!.path).toBe("/v1/customers");
      expect(request!.headers["authorization"]).toBe("Bearer sk_test_serene");
      expect(request!.headers["idempotency-key"]).toBe(`customer-${member.id}`);
      expect(request!.params.get("email")).toBe(member.email);
      expect(request!.params.get("name")).toBe(member.name);
      expect(request!.params.get("metadata[member_id]")).toBe(member.id);
    });

    it("reuses a known customer without asking Stripe", async () => {
      await expect(card.ensureCustomer(member, "cus_known")).resolves.toBe("cus_known");
      expect(endpoint.requests).toHaveLength(0);
    });
  });

  it("creates an off-session card setup for the customer", async () => {
    endpoint.on("POST /v1/setup_intents", {
      body: setupIntent({ id: "seti_9", status: "requires_payment_method", payment_method: null, client_secret: "seti_9_secret_abc" }),
    });

    await expect(card.createSetupIntent("cus_1")).resolves.toEqual({ id: "seti_9", clientSecret: "seti_9_secret_abc" });

    const [request] = endpoint.sent("POST /v1/setup_intents");
    expect(request!.params.get("customer")).toBe("cus_1");
    expect(request!.params.get("usage")).toBe("off_session");
    expect(request!.params.get("allowed_payment_method_types[0]")).toBe("card");
  });

  describe("charges", () => {
    it("charges a saved card off session, confirmed at once, under the product's idempotency key", async () => {
      endpoint.on("POST /v1/payment_intents", { body: intent({ id: "pi_ok", status: "succeeded" }) });

      await expect(card.charge(chargeInput())).resolves.toEqual({ status: "succeeded", paymentId: "pi_ok" });

      const [request, ...more] = endpoint.requests;
      expect(more).toHaveLength(0);
      expect(request!.method).toBe("POST");
      expect(request!.path).toBe("/v1/payment_intents");
      expect(request!.headers["idempotency-key"]).toBe("renewal-sub_1-2026-05");
      const params = request!.params;
      expect(params.get("amount")).toBe("1299");
      expect(params.get("currency")).toBe("eur");
      expect(params.get("customer")).toBe("cus_1");
      expect(params.get("payment_method")).toBe("pm_1");
      expect(params.get("allowed_payment_method_types[0]")).toBe("card");
      expect(params.get("confirm")).toBe("true");
      expect(params.get("off_session")).toBe("true");
      expect(params.has("return_url")).toBe(false);
      expect(params.get("description")).toBe("Serene Premium, monthly");
      expect(params.get("metadata[purchase_id]")).toBe("pur_1");
    });

    it("sends the member to the bank's approval page at checkout (3-D Secure)", async () => {
      endpoint.on("POST /v1/payment_intents", {
        body: intent({
          id: "pi_3ds",
          status: "requires_action",
          next_action: {
            type: "redirect_to_url",
            redirect_to_url: { url: "https://hooks.stripe.com/3d_secure/pi_3ds", return_url: "https://serene.example/checkout/return" },
          },
        }),
      });

      const result = await card.charge(chargeInput({ onSession: true, idempotencyKey: "checkout-pur_1" }));

      expect(result).toEqual({ status: "requires_action", paymentId: "pi_3ds", approvalUrl: "https://hooks.stripe.com/3d_secure/pi_3ds" });
      const [request] = endpoint.sent("POST /v1/payment_intents");
      expect(request!.params.get("off_session")).toBe("false");
      expect(request!.params.get("return_url")).toBe("https://serene.example/checkout/return");
      expect(request!.headers["idempotency-key"]).toBe("checkout-pur_1");
    });

    it("declines an approval that is not a page the member can be sent to", async () => {
      endpoint.on("POST /v1/payment_intents", {
        body: intent({ id: "pi_sdk", status: "requires_action", next_action: { type: "use_stripe_sdk", use_stripe_sdk: {} } }),
      });

      await expect(card.charge(chargeInput({ onSession: true }))).resolves.toEqual({
        status: "declined",
        paymentId: "pi_sdk",
        message: "Your bank asked for an approval this card cannot give.",
      });
    });

    it("has the member wait on the return page while Stripe is still processing", async () => {
      endpoint.on("POST /v1/payment_intents", (request) => ({
        body: intent({ id: "pi_wait", status: "processing", metadata: { return_url: request.params.get("metadata[return_url]") } }),
      }));

      await expect(card.charge(chargeInput({ onSession: true }))).resolves.toEqual({
        status: "requires_action",
        paymentId: "pi_wait",
        approvalUrl: "https://serene.example/checkout/return",
      });
      expect(endpoint.requests[0]!.params.get("metadata[return_url]")).toBe("https://serene.example/checkout/return");
    });

    it("answers a card decline with Stripe's message and the declined payment", async () => {
      endpoint.on("POST /v1/payment_intents", {
        status: 402,
        body: {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
            payment_intent: intent({ id: "pi_1", status: "requires_payment_method" }),
          },
        },
      });

      await expect(card.charge(chargeInput())).resolves.toEqual({
        status: "declined",
        paymentId: "pi_1",
        message: "Your card was declined.",
      });
      // A decline is an answer, not a failure: it is not retried.
      expect(endpoint.requests).toHaveLength(1);
    });

    it("declines an off-session charge the bank wants approved", async () => {
      endpoint.on("POST /v1/payment_intents", {
        status: 402,
        body: {
          error: {
            type: "card_error",
            code: "authentication_required",
            message: "Your card was declined. This transaction requires authentication.",
            payment_intent: intent({ id: "pi_auth", status: "requires_payment_method" }),
          },
        },
      });

      await expect(card.charge(chargeInput())).resolves.toEqual({
        status: "declined",
        paymentId: "pi_auth",
        message: "Your card was declined. This transaction requires authentication.",
      });
    });

    it("declines without a payment id when Stripe made no payment", async () => {
      endpoint.on("POST /v1/payment_intents", {
        status: 402,
        body: { error: { type: "card_error", code: "expired_card", message: "Your card has expired." } },
      });

      await expect(card.charge(chargeInput())).resolves.toEqual({ status: "declined", paymentId: null, message: "Your card has expired." });
    });

    it("fails (for the job queue to retry) when Stripe errs, retrying once under the same key", async () => {
      endpoint.on("POST /v1/payment_intents", {
        status: 500,
        body: { error: { type: "api_error", message: "Something went wrong on Stripe's end." } },
      });

      await expect(card.charge(chargeInput())).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);

      const sent = endpoint.sent("POST /v1/payment_intents");
      expect(sent).toHaveLength(2);
      expect(sent.map((request) => request.headers["idempotency-key"])).toEqual(["renewal-sub_1-2026-05", "renewal-sub_1-2026-05"]);
    });

    it("fails on a request Stripe refuses, which is no decline", async () => {
      endpoint.on("POST /v1/payment_intents", {
        status: 400,
        body: {
          error: {
            type: "idempotency_error",
            message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          },
        },
      });

      await expect(card.charge(chargeInput())).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    });
  });

  it("refunds part of a payment under the product's idempotency key", async () => {
    endpoint.on("POST /v1/refunds", { body: { id: "re_1", object: "refund", payment_intent: "pi_1", amount: 500, status: "pending" } });

    await expect(
      card.refund({ paymentId: "pi_1", money: { amountCents: 500, currency: "USD" }, idempotencyKey: "refund:r_1" }),
    ).resolves.toEqual({
      status: "succeeded",
      refundId: "re_1",
    });

    const [request, ...more] = endpoint.requests;
    expect(more).toHaveLength(0);
    expect(`${request!.method} ${request!.path}`).toBe("POST /v1/refunds");
    expect(request!.headers["idempotency-key"]).toBe("refund:r_1");
    expect(Object.fromEntries(request!.params)).toEqual({ payment_intent: "pi_1", amount: "500", reason: "requested_by_customer" });
  });

  it("answers Stripe's refusal of a refund (already refunded) as a refusal, not an outage", async () => {
    endpoint.on("POST /v1/refunds", {
      status: 400,
      body: {
        error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge pi_1 has already been refunded." },
      },
    });

    await expect(
      card.refund({ paymentId: "pi_1", money: { amountCents: 500, currency: "USD" }, idempotencyKey: "refund:r_2" }),
    ).resolves.toEqual({
      status: "refused",
      message: "Charge pi_1 has already been refunded.",
    });
  });

  it("finds the charge made for a purchase by the purchase id in its metadata", async () => {
    endpoint.on("GET /v1/payment_intents/search", {
      body: { object: "search_result", has_more: false, data: [intent({ status: "succeeded", payment_method: "pm_1" })] },
    });

    await expect(card.findCharge("0b6f3c1e-1111-4222-8333-444455556666")).resolves.toMatchObject({
      paymentId: "pi_1",
      status: "succeeded",
      paymentMethodId: "pm_1",
    });
    const [request] = endpoint.requests;
    expect(request!.params.get("query")).toBe("metadata['purchase_id']:'0b6f3c1e-1111-4222-8333-444455556666'");
  });

  it("answers null when no charge was made for a purchase", async () => {
    endpoint.on("GET /v1/payment_intents/search", { body: { object: "search_result", has_more: false, data: [] } });

    await expect(card.findCharge("0b6f3c1e-1111-4222-8333-444455556666")).resolves.toBeNull();
  });

  describe("the outcome of a charge after approval", () => {
    it("reads a succeeded payment", async () => {
      endpoint.on("GET /v1/payment_intents/pi_1", { body: intent({ status: "succeeded" }) });

      await expect(card.paymentStatus("pi_1")).resolves.toEqual({ status: "succeeded", paymentId: "pi_1" });
      expect(endpoint.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /v1/payment_intents/pi_1"]);
    });

    it("reads a failed approval with Stripe's message", async () => {
      endpoint.on("GET /v1/payment_intents/pi_1", {
        body: intent({
          status: "requires_payment_method",
          last_payment_error: {
            type: "card_error",
            code: "payment_intent_authentication_failure",
            message: "We are unable to authenticate your payment method.",
          },
        }),
      });

      await expect(card.paymentStatus("pi_1")).resolves.toEqual({
        status: "declined",
        paymentId: "pi_1",
        message: "We are unable to authenticate your payment method.",
      });
    });

    it("reads a canceled payment as declined", async () => {
      endpoint.on("GET /v1/payment_intents/pi_1", { body: intent({ status: "canceled" }) });

      await expect(card.paymentStatus("pi_1")).resolves.toEqual({
        status: "declined",
        paymentId: "pi_1",
        message: "Your card was declined.",
      });
    });

    it("still asks for the approval the member has not given", async () => {
      endpoint.on("GET /v1/payment_intents/pi_1", {
        body: intent({
          status: "requires_action",
          next_action: { type: "redirect_to_url", redirect_to_url: { url: "https://hooks.stripe.com/3d_secure/pi_1", return_url: null } },
        }),
      });

      await expect(card.paymentStatus("pi_1")).resolves.toEqual({
        status: "requires_action",
        paymentId: "pi_1",
        approvalUrl: "https://hooks.stripe.com/3d_secure/pi_1",
      });
    });

    it("keeps a processing payment waiting on the page it returns to", async () => {
      endpoint.on("GET /v1/payment_intents/pi_1", {
        body: intent({ status: "processing", metadata: { return_url: "https://serene.example/checkout/return" } }),
      });

      await expect(card.paymentStatus("pi_1")).resolves.toEqual({
        status: "requires_action",
        paymentId: "pi_1",
        approvalUrl: "https://serene.example/checkout/return",
      });
    });
  });

  describe("saved cards", () => {
    it("labels the customer's own card", async () => {
      endpoint.on("GET /v1/payment_methods/pm_1", { body: paymentMethod() });

      await expect(card.confirmedPaymentMethod("cus_1", "pm_1")).resolves.toEqual({ id: "pm_1", label: "Visa •••• 4242" });
    });

    it("refuses another customer's card", async () => {
      endpoint.on("GET /v1/payment_methods/pm_1", { body: paymentMethod({ customer: "cus_other" }) });
      endpoint.on("GET /v1/setup_intents", { body: list([setupIntent({ customer: "cus_other" })]) });

      await expect(card.confirmedPaymentMethod("cus_1", "pm_1")).resolves.toBeNull();
      expect(endpoint.sent("POST /v1/payment_methods/pm_1/attach")).toHaveLength(0);
    });

    it("refuses a card Stripe does not know", async () => {
      endpoint.on("GET /v1/payment_methods/pm_gone", {
        status: 404,
        body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such PaymentMethod: 'pm_gone'" } },
      });

      await expect(card.confirmedPaymentMethod("cus_1", "pm_gone")).resolves.toBeNull();
    });

    it("attaches a card this customer's succeeded setup saved", async () => {
      endpoint.on("GET /v1/payment_methods/pm_1", {
        body: paymentMethod({ customer: null, card: { brand: "mastercard", last4: "4444" } }),
      });
      endpoint.on("GET /v1/setup_intents", { body: list([setupIntent()]) });
      endpoint.on("POST /v1/payment_methods/pm_1/attach", { body: paymentMethod({ card: { brand: "mastercard", last4: "4444" } }) });

      await expect(card.confirmedPaymentMethod("cus_1", "pm_1")).resolves.toEqual({ id: "pm_1", label: "Mastercard •••• 4444" });

      const [search] = endpoint.sent("GET /v1/setup_intents");
      expect(search!.params.get("customer")).toBe("cus_1");
      expect(search!.params.get("payment_method")).toBe("pm_1");
      const [attach] = endpoint.sent("POST /v1/payment_methods/pm_1/attach");
      expect(attach!.params.get("customer")).toBe("cus_1");
    });

    it("refuses an unattached card no succeeded setup of this customer saved", async () => {
      endpoint.on("GET /v1/payment_methods/pm_1", { body: paymentMethod({ customer: null }) });
      endpoint.on("GET /v1/setup_intents", { body: list([setupIntent({ status: "requires_payment_method" })]) });

      await expect(card.confirmedPaymentMethod("cus_1", "pm_1")).resolves.toBeNull();
      expect(endpoint.sent("POST /v1/payment_methods/pm_1/attach")).toHaveLength(0);
    });

    it("finds the card of the customer's latest succeeded setup", async () => {
      endpoint.on("GET /v1/setup_intents", {
        body: list([
          setupIntent({ id: "seti_new", status: "requires_payment_method", payment_method: null }),
          setupIntent({ id: "seti_old", payment_method: "pm_7" }),
        ]),
      });
      endpoint.on("GET /v1/payment_methods/pm_7", { body: paymentMethod({ id: "pm_7", card: { brand: "amex", last4: "0005" } }) });

      await expect(card.confirmedPaymentMethod("cus_1", null)).resolves.toEqual({ id: "pm_7", label: "American Express •••• 0005" });
      expect(endpoint.sent("GET /v1/setup_intents")[0]!.params.get("customer")).toBe("cus_1");
    });

    it("finds nothing before the member confirmed a setup", async () => {
      endpoint.on("GET /v1/setup_intents", { body: list([setupIntent({ status: "requires_payment_method", payment_method: null })]) });

      await expect(card.confirmedPaymentMethod("cus_1", null)).resolves.toBeNull();
      expect(endpoint.sent("GET /v1/payment_methods/pm_1")).toHaveLength(0);
    });
  });

  describe("webhooks", () => {
    const created = 1_777_000_000;
    const event = (type: string, object: Record<string, unknown>) =>
      JSON.stringify({ id: "evt_1", object: "event", api_version: Stripe.API_VERSION, created, livemode: false, type, data: { object } });
    const succeeded = event("payment_intent.succeeded", intent({ id: "pi_9" }));
    const now = () => Math.floor(Date.now() / 1000);

    /** Headers as Stripe sends them, signed with `secret` at `timestamp`. */
    const signed = (payload: string, { secret = WEBHOOK_SECRET, timestamp = now() } = {}) => ({
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
      "content-type": "application/json",
    });

    it("reads a succeeded payment", async () => {
      await expect(card.readWebhook(Buffer.from(succeeded), signed(succeeded))).resolves.toEqual({
        eventId: "evt_1",
        at: new Date(created * 1000),
        kind: "payment_succeeded",
        paymentId: "pi_9",
      });
    });

    it("reads a failed payment with Stripe's message", async () => {
      const failed = event(
        "payment_intent.payment_failed",
        intent({
          id: "pi_9",
          status: "requires_payment_method",
          last_payment_error: { type: "card_error", code: "card_declined", message: "Your card has insufficient funds." },
        }),
      );

      await expect(card.readWebhook(Buffer.from(failed), signed(failed))).resolves.toEqual({
        eventId: "evt_1",
        at: new Date(created * 1000),
        kind: "payment_failed",
        paymentId: "pi_9",
        message: "Your card has insufficient funds.",
      });
    });

    it("says the card was declined when a failure carries no message", async () => {
      const failed = event("payment_intent.payment_failed", intent({ id: "pi_9", status: "requires_payment_method" }));

      const read = await card.readWebhook(Buffer.from(failed), signed(failed));
      expect(read).toMatchObject({ kind: "payment_failed", paymentId: "pi_9", message: "Your card was declined." });
    });

    it("acknowledges other events without acting on them", async () => {
      const other = event("customer.updated", { id: "cus_1", object: "customer" });

      await expect(card.readWebhook(Buffer.from(other), signed(other))).resolves.toEqual({
        eventId: "evt_1",
        at: new Date(created * 1000),
        kind: "ignored",
        type: "customer.updated",
      });
    });

    it("refuses a signature made with another secret", async () => {
      await expect(card.readWebhook(Buffer.from(succeeded), signed(succeeded, { secret: "whsec_someone_else" }))).rejects.toBeInstanceOf(
        InvalidWebhookError,
      );
    });

    it("refuses a payload changed after signing", async () => {
      const headers = signed(succeeded);
      const tampered = succeeded.replace("pi_9", "pi_8");

      await expect(card.readWebhook(Buffer.from(tampered), headers)).rejects.toBeInstanceOf(InvalidWebhookError);
    });

    it("refuses a webhook without a signature", async () => {
      await expect(card.readWebhook(Buffer.from(succeeded), { "content-type": "application/json" })).rejects.toBeInstanceOf(
        InvalidWebhookError,
      );
      await expect(card.readWebhook(Buffer.from(succeeded), { "stripe-signature": "" })).rejects.toBeInstanceOf(InvalidWebhookError);
      await expect(card.readWebhook(Buffer.from(succeeded), { "stripe-signature": "t=123,v1=" })).rejects.toBeInstanceOf(
        InvalidWebhookError,
      );
    });

    it("accepts a delivery signed 299 s ago and refuses one signed 301 s ago (a replay)", async () => {
      await expect(card.readWebhook(Buffer.from(succeeded), signed(succeeded, { timestamp: now() - 299 }))).resolves.toMatchObject({
        kind: "payment_succeeded",
      });
      await expect(card.readWebhook(Buffer.from(succeeded), signed(succeeded, { timestamp: now() - 301 }))).rejects.toBeInstanceOf(
        InvalidWebhookError,
      );
    });
  });
});
