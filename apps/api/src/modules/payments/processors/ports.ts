/**
 * What the payments service needs from a payment processor. Each port has the real provider's
 * adapter (Stripe, PayPal) and an offline sandbox counterpart; the service never knows which.
 *
 * Card payments use off-session PaymentIntents on a saved payment method: the product keeps the
 * schedule (trial end, renewals, retries) in its own job queue and asks the processor for each
 * charge with an idempotency key, so a charge is never made twice. Wallet subscriptions are
 * billed by the wallet itself and reported through webhooks.
 */

export interface Member {
  id: string;
  email: string;
  name: string;
}

/** Amount in minor units (cents) with its ISO currency code (USD, EUR). */
export interface Money {
  amountCents: number;
  currency: string;
}

export type ChargeResult =
  | { status: "succeeded"; paymentId: string }
  | { status: "declined"; paymentId: string | null; message: string }
  /** The bank asks the member to approve (3-D Secure): send them to `approvalUrl`. */
  | { status: "requires_action"; paymentId: string; approvalUrl: string };

/**
 * A fact a provider reported through a verified webhook, in the product's terms. `eventId` is the
 * provider's event id (each is applied once). Subscription-scoped facts name the provider's
 * subscription id; card payment facts name the payment id of a charge the product asked for.
 */
export type ProviderEvent =
  | { eventId: string; at: Date; kind: "payment_succeeded"; paymentId: string }
  | { eventId: string; at: Date; kind: "payment_failed"; paymentId: string; message: string }
  | { eventId: string; at: Date; kind: "subscription_charged"; subscriptionId: string; paymentId: string; money: Money | null }
  | { eventId: string; at: Date; kind: "subscription_charge_failed"; subscriptionId: string }
  | { eventId: string; at: Date; kind: "subscription_canceled"; subscriptionId: string }
  | { eventId: string; at: Date; kind: "subscription_suspended"; subscriptionId: string }
  /** An event the product does not act on (still acknowledged). */
  | { eventId: string; at: Date; kind: "ignored"; type: string };

export class InvalidWebhookError extends Error {}

/**
 * A refund's answer: made (with the processor's refund id), or refused for good (the charge is
 * disputed, already given back, too old). An outage throws instead: the same idempotency key may
 * ask again and refunds once.
 */
export type RefundResult = { status: "succeeded"; refundId: string } | { status: "refused"; message: string };

/** What gives money back: both processors refund a charge in whole or in part, once per idempotency key. */
export interface Refunds {
  /** Gives `money` back from the charge `paymentId` (a part, or all of what is left). */
  refund(input: { paymentId: string; money: Money; idempotencyKey: string }): Promise<RefundResult>;
}

/** A charge the processor holds for one of our purchases, found by the purchase id it carries. */
export interface FoundCharge {
  paymentId: string;
  status: "succeeded" | "requires_action" | "declined";
  money: Money;
  /** The saved payment method it charged; null when the processor does not say. */
  paymentMethodId: string | null;
}

/** Stripe, or the sandbox card processor that honours Stripe's test cards. */
export interface CardProcessor extends Refunds {
  readonly adapter: "stripe" | "sandbox";
  /** The publishable key the card form uses. */
  readonly publishableKey: string;
  /** The member's customer at the processor: created on first use, then reused by its id. */
  ensureCustomer(member: Member, existingCustomerId: string | null): Promise<string>;
  /** A setup intent for saving a card for later off-session charges. */
  createSetupIntent(customerId: string): Promise<{ id: string; clientSecret: string }>;
  /**
   * The payment method a setup intent of this customer saved, once the member confirmed it:
   * `paymentMethodId` names it (or null for the customer's latest confirmed setup). Null when it
   * is not confirmed or belongs to another customer.
   */
  confirmedPaymentMethod(customerId: string, paymentMethodId: string | null): Promise<{ id: string; label: string } | null>;
  /**
   * Takes money from a saved payment method. `onSession` is true while the member is at the
   * checkout (3-D Secure can then ask for approval and return to `returnUrl`); renewals are off
   * session. The same `idempotencyKey` never charges twice: it answers the first result.
   */
  charge(input: {
    customerId: string;
    paymentMethodId: string;
    money: Money;
    description: string;
    idempotencyKey: string;
    onSession: boolean;
    returnUrl: string;
    metadata: Record<string, string>;
  }): Promise<ChargeResult>;
  /** The current outcome of a charge that needed approval (after the member came back). */
  paymentStatus(paymentId: string): Promise<ChargeResult>;
  /**
   * The charge made for our purchase `purchaseId` (its metadata names it), or null when none was
   * made: how a purchase whose process stopped mid-way is reconciled with the processor.
   */
  findCharge(purchaseId: string): Promise<FoundCharge | null>;
  /** Cancels a charge still waiting for the bank's approval; one settled meanwhile stays as it is. */
  cancelCharge(paymentId: string): Promise<void>;
  /** Verifies a webhook's signature (300 s tolerance) and reads it; throws InvalidWebhookError. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent>;
}

/** What the wallet checkout sells. */
export interface WalletItem {
  packageId: number;
  name: string;
  money: Money;
  /** 0 for lifetime (a one-time order); else the billing interval. */
  months: number;
  trialDays: number;
}

/**
 * An approved checkout: the wallet subscription it started (null for a one-time order) and the payment
 * the wallet took at once, when it already knows it (a captured order; the sandbox's first period),
 * with what it took (else the package's price). PayPal reports a subscription's first payment by
 * webhook instead.
 */
export type WalletCompletion =
  | { status: "approved"; subscriptionId: string | null; paymentId: string | null; money?: Money | null }
  | { status: "pending" }
  | { status: "canceled" };

export type AgreementStatus = "pending" | "approved" | "ended";

/** PayPal, or the sandbox wallet with its local approval page. */
export interface WalletProcessor extends Refunds {
  readonly adapter: "paypal" | "sandbox";
  /**
   * Starts a checkout for our purchase `reference`; the member approves at `approvalUrl` and
   * comes back to `returnUrl` (approved) or `cancelUrl`. `providerReference` identifies the
   * checkout when they return (the PayPal subscription id, or the order id for lifetime).
   */
  createCheckout(input: {
    reference: string;
    member: Member;
    item: WalletItem;
    returnUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ providerReference: string; approvalUrl: string }>;
  /** After the member returned: approved (captures a one-time order), still pending, or canceled. */
  completeCheckout(input: { providerReference: string; lifetime: boolean; idempotencyKey: string }): Promise<WalletCompletion>;
  /** Stops billing a wallet subscription (one that is not billing, or no longer, counts as done). */
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>;
  /**
   * Where a wallet subscription stands at the wallet, without changing it: still waiting for the
   * member's approval, approved (it bills until it is cancelled), or ended (cancelled, expired, or
   * unknown to the wallet). The reconciliation asks it before cancelling an agreement nobody owns.
   */
  agreementStatus(subscriptionId: string): Promise<AgreementStatus>;
  /** Moves a wallet subscription to another plan; the member may have to approve at the answered URL. */
  changePlan(input: {
    subscriptionId: string;
    item: WalletItem;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<{ approvalUrl: string | null }>;
  /**
   * Takes an amount from a wallet subscription now: a renewal, or what the upgrade to annual costs
   * today. Only the sandbox has it (it stands in for the wallet's own billing); PayPal bills on its
   * own schedule and reports through webhooks. The same `idempotencyKey` bills once.
   */
  bill?(input: { subscriptionId: string; money: Money; idempotencyKey: string }): Promise<ChargeResult>;
  /** Verifies a webhook (PayPal's verify-webhook-signature) and reads it; throws InvalidWebhookError. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent>;
}
