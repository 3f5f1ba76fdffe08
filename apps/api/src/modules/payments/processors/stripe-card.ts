import Stripe from "stripe";
import { InvalidWebhookError, type CardProcessor, type ChargeResult, type ProviderEvent } from "./ports.ts";

/**
 * The card processor on Stripe. Cards are saved with an off-session SetupIntent and charged with
 * PaymentIntents confirmed on the server: the product keeps the billing schedule, Stripe only
 * takes each payment it is asked for (under the product's idempotency key) and reports the
 * outcome back through signed webhooks.
 */

export interface StripeCardConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API address (a local Stripe stand-in such as stripe-mock); null for api.stripe.com. */
  apiUrl: string | null;
}

/** Stripe signs each webhook with a timestamp; older deliveries are refused as possible replays. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const DECLINED = "Your card was declined.";
/** A card asking for an approval that is not a page the member can be sent to. */
const APPROVAL_NOT_POSSIBLE = "Your bank asked for an approval this card cannot give.";

/**
 * Metadata key of the page a charge's member comes back to. A payment Stripe is still processing
 * is answered as awaiting approval at that page, also when its status is asked for later.
 */
const RETURN_URL_KEY = "return_url";

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
  cartes_bancaires: "Cartes Bancaires",
  eftpos_au: "eftpos",
};

export function createStripeCard(config: StripeCardConfig): CardProcessor {
  const stripe = new Stripe(config.secretKey, {
    // Every write carries an idempotency key, so one retry of a failed connection or a 5xx is safe;
    // the job queue retries a renewal later anyway.
    maxNetworkRetries: 1,
    ...addressOf(config.apiUrl),
  });

  /** The payment method, or null when Stripe does not know it (an id from the browser can be anything). */
  async function retrievePaymentMethod(id: string): Promise<Stripe.PaymentMethod | null> {
    try {
      return await stripe.paymentMethods.retrieve(id);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** The customer's succeeded setup intents (newest first), optionally only those saving `paymentMethodId`. */
  async function succeededSetups(customerId: string, paymentMethodId?: string) {
    const setups = await stripe.setupIntents.list({ customer: customerId, payment_method: paymentMethodId, limit: 20 });
    return setups.data.filter((setup) => setup.status === "succeeded" && setup.payment_method !== null);
  }

  return {
    adapter: "stripe",
    publishableKey: config.publishableKey,

    async ensureCustomer(member, existingCustomerId) {
      if (existingCustomerId) return existingCustomerId;
      const customer = await stripe.customers.create(
        { email: member.email, name: member.name, metadata: { member_id: member.id } },
        // A retried sign-up (a double click, a lost response) finds the same customer.
        { idempotencyKey: `customer-${member.id}` },
      );
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const setup = await stripe.setupIntents.create({
        customer: customerId,
        usage: "off_session",
        allowed_payment_method_types: ["card"],
      });
      if (!setup.client_secret) throw new Error(`Stripe answered setup intent ${setup.id} without a client secret.`);
      return { id: setup.id, clientSecret: setup.client_secret };
    },

    async confirmedPaymentMethod(customerId, paymentMethodId) {
      let id = paymentMethodId;
      if (id === null) {
        const [latest] = await succeededSetups(customerId);
        if (!latest) return null;
        id = idOf(latest.payment_method);
      }
      if (!id) return null;

      let method = await retrievePaymentMethod(id);
      if (!method) return null;
      const owner = idOf(method.customer);
      if (owner === null) {
        // A succeeded setup of this customer attaches its card; attach it here if that has not
        // happened yet, but never a card this customer did not confirm.
        if ((await succeededSetups(customerId, id)).length === 0) return null;
        method = await stripe.paymentMethods.attach(id, { customer: customerId });
      } else if (owner !== customerId) {
        return null;
      }
      return { id: method.id, label: labelOf(method) };
    },

    async charge(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.money.amountCents,
            currency: input.money.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            // Cards only: no redirect-based method, so an off-session confirmation needs no return URL.
            allowed_payment_method_types: ["card"],
            confirm: true,
            // Renewals run without the member: the bank must not ask them anything (it declines
            // with authentication_required instead). At checkout 3-D Secure redirects and returns.
            off_session: !input.onSession,
            return_url: input.onSession ? input.returnUrl : undefined,
            description: input.description,
            metadata: { ...input.metadata, [RETURN_URL_KEY]: input.returnUrl },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return outcomeOf(intent);
      } catch (error) {
        // Declines (card_declined, insufficient_funds, authentication_required off session) are
        // answers, with Stripe's message for the member; anything else is a failure to retry.
        if (error instanceof Stripe.errors.StripeCardError) {
          return { status: "declined", paymentId: error.payment_intent?.id ?? null, message: error.message };
        }
        throw error;
      }
    },

    async paymentStatus(paymentId) {
      return outcomeOf(await stripe.paymentIntents.retrieve(paymentId));
    },
    async refund({ paymentId, money, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, amount: money.amountCents, reason: "requested_by_customer" },
          { idempotencyKey },
        );
        // A card refund is pending until the bank takes it back, then succeeded; failed and canceled gave nothing back.
        if (refund.status === "failed" || refund.status === "canceled")
          return {
            status: "refused",
            message: refund.failure_reason ? `The refund failed: ${refund.failure_reason}.` : "The refund failed.",
          };
        return { status: "succeeded", refundId: refund.id };
      } catch (error) {
        // Refusals for good (already refunded, more than is left, a disputed charge) are answers; the rest is an outage to ask again.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400) {
          return { status: "refused", message: error.message };
        }
        throw error;
      }
    },
    async findCharge(purchaseId) {
      // Stripe's search finds a PaymentIntent by the purchase id its metadata carries (indexed within about a minute).
      const found = await stripe.paymentIntents.search({
        query: `metadata['purchase_id']:'${purchaseId.replace(/[^0-9a-f-]/gi, "")}'`,
        limit: 10,
      });
      const intent = found.data.sort((a, b) => b.created - a.created)[0];
      if (!intent) return null;
      const outcome =
        intent.status === "succeeded"
          ? "succeeded"
          : intent.status === "requires_action" || intent.status === "processing"
            ? "requires_action"
            : "declined";
      return {
        paymentId: intent.id,
        status: outcome,
        money: { amountCents: intent.amount, currency: intent.currency.toUpperCase() },
        paymentMethodId: idOf(intent.payment_method),
      };
    },
    async cancelCharge(paymentId) {
      try {
        await stripe.paymentIntents.cancel(paymentId);
      } catch (error) {
        // Settled meanwhile (succeeded, or canceled already): it stays as it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_unexpected_state") return;
        throw error;
      }
    },

    async readWebhook(rawBody, headers) {
      const signature = headers["stripe-signature"];
      if (typeof signature !== "string" || signature === "") throw new InvalidWebhookError("The Stripe-Signature header is missing.");
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new InvalidWebhookError(error instanceof Error ? error.message : "The Stripe webhook could not be verified.", {
          cause: error,
        });
      }
      return eventOf(event);
    },
  };
}

/** A charge's outcome in the product's terms. */
function outcomeOf(intent: Stripe.PaymentIntent): ChargeResult {
  switch (intent.status) {
    case "succeeded":
      return { status: "succeeded", paymentId: intent.id };
    case "requires_action": {
      // Confirmed with a return URL, Stripe asks for 3-D Secure as a page to redirect to; other
      // kinds of action (an in-app SDK challenge) cannot be completed from this checkout.
      const url = intent.next_action?.redirect_to_url?.url;
      if (url) return { status: "requires_action", paymentId: intent.id, approvalUrl: url };
      return { status: "declined", paymentId: intent.id, message: APPROVAL_NOT_POSSIBLE };
    }
    case "processing": {
      // Not settled yet: the member waits on the return page, and the payment_intent.succeeded or
      // payment_failed webhook settles it.
      const returnUrl = intent.metadata[RETURN_URL_KEY];
      if (!returnUrl) throw new Error(`Payment ${intent.id} is still processing and names no page to wait on.`);
      return { status: "requires_action", paymentId: intent.id, approvalUrl: returnUrl };
    }
    default:
      // requires_payment_method (declined, or the approval failed) and canceled. Charges are
      // confirmed and captured at once, so requires_confirmation and requires_capture never last.
      return { status: "declined", paymentId: intent.id, message: intent.last_payment_error?.message ?? DECLINED };
  }
}

/** A verified Stripe event in the product's terms; only card payment outcomes are acted on. */
function eventOf(event: Stripe.Event): ProviderEvent {
  const base = { eventId: event.id, at: new Date(event.created * 1000) };
  switch (event.type) {
    case "payment_intent.succeeded":
      return { ...base, kind: "payment_succeeded", paymentId: event.data.object.id };
    case "payment_intent.payment_failed":
      return {
        ...base,
        kind: "payment_failed",
        paymentId: event.data.object.id,
        message: event.data.object.last_payment_error?.message ?? DECLINED,
      };
    default:
      return { ...base, kind: "ignored", type: event.type };
  }
}

/** "Visa •••• 4242", as the member recognises the card. */
function labelOf(method: Stripe.PaymentMethod): string {
  if (!method.card) return "Saved payment method";
  return `${BRANDS[method.card.brand] ?? "Card"} •••• ${method.card.last4}`;
}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

function addressOf(apiUrl: string | null): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}
