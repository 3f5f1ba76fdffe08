import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { staffMembers } from "./staff.ts";
import { subscriptions } from "./subscriptions.ts";
import { users } from "./users.ts";

/** The member's customer at a card processor (stripe or sandbox), made once and reused. */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    processor: text().notNull(),
    customerId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.processor] })],
);

/**
 * One purchase call (a checkout, an upgrade) and its outcome. The Idempotency-Key makes a retried
 * call answer the stored outcome; only one purchase per member is in flight at a time.
 */
export const purchases = pgTable(
  "purchases",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text(),
    /** What the request asked for; the same key with another request is refused. */
    fingerprint: text().notNull(),
    /** subscription, lifetime or upgrade. */
    kind: text().notNull(),
    /** card (stripe) or wallet (paypal). */
    provider: text().notNull(),
    packageId: integer().notNull(),
    checkoutId: integer(),
    /**
     * processing, requires_approval, awaiting_wallet, succeeded, refunded, failed, canceled; and
     * voiding, voided: a wallet checkout whose agreement the reconciliation cancels, and did.
     */
    status: text().notNull(),
    /** The wallet checkout's id, or the card charge that awaits approval. */
    providerReference: text(),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: "set null" }),
    /** The answer given, replayed for the same Idempotency-Key. */
    responseStatus: integer(),
    response: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("purchases_idempotency_idx").on(t.userId, t.idempotencyKey),
    uniqueIndex("purchases_in_flight_idx")
      .on(t.userId)
      .where(sql`status = 'processing'`),
    uniqueIndex("purchases_reference_idx").on(t.provider, t.providerReference),
  ],
);

/** Money taken or attempted: one row per charge, its idempotency key unique so nothing is charged twice. */
export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: "set null" }),
    purchaseId: uuid().references(() => purchases.id, { onDelete: "set null" }),
    provider: text().notNull(),
    /** The processor's payment id (pi_..., a wallet sale id); null until it answers. */
    providerPaymentId: text(),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    /**
     * Credit taken off this charge, in minor units: the unused part of the period an upgrade
     * replaced (docs/decisions/053). The price before the credit is amountCents + creditCents.
     */
    creditCents: integer().notNull().default(0),
    currency: text().notNull(),
    /**
     * Given back so far, in minor units: the sum of the charge's succeeded refunds. A charge given back
     * in whole is `refunded`; one given back in part stays `succeeded` with this above 0.
     */
    refundedCents: integer().notNull().default(0),
    /** pending, succeeded, refunded, failed, requires_action. */
    status: text().notNull(),
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_idempotency_idx").on(t.idempotencyKey),
    index("payments_provider_payment_idx").on(t.provider, t.providerPaymentId),
    index("payments_user_idx").on(t.userId),
    // The analyst's dashboard (decision 069): money per day of a range, and a subscription's first charge.
    index("payments_created_at_idx").on(t.createdAt),
    index("payments_subscription_idx").on(t.subscriptionId, t.createdAt),
  ],
);

/**
 * Money given back from a charge, in whole or in part (docs/decisions/068). A row is written before the
 * processor is asked, so a refund whose answer was lost is finished by asking again with the same
 * processor key (`refund:<id>`), never made twice; the pending rows of a charge count against what
 * is left to give back.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    /** Why, as the member of staff wrote it (shown in the console and the audit log). */
    reason: text().notNull(),
    /** Who asked for it; null for a refund the product made itself. */
    staffId: uuid().references(() => staffMembers.id, { onDelete: "set null" }),
    /** The caller's Idempotency-Key, with the fingerprint of what it asked; the same key refunds once. */
    requestKey: text(),
    fingerprint: text().notNull(),
    /** pending (asked, or about to be), succeeded, failed (the processor refused it). */
    status: text().notNull(),
    providerRefundId: text(),
    failureMessage: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refunds_request_key_idx").on(t.requestKey),
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_pending_idx")
      .on(t.updatedAt)
      .where(sql`status = 'pending'`),
  ],
);

/** Provider webhook events already applied (each is applied once). */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text().notNull(),
    eventId: text().notNull(),
    kind: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The offline sandbox processors' own records: card setups, charges and wallet checkouts. They
 * stand in for the provider's side and are never read by the payments service directly.
 */
export const sandboxSetupIntents = pgTable("sandbox_setup_intents", {
  id: text().primaryKey(),
  customerId: text().notNull(),
  clientSecret: text().notNull(),
  /** requires_payment_method, succeeded. */
  status: text().notNull(),
  paymentMethodId: text(),
  /** succeeds, declined, authenticate (by the test card number). */
  cardBehaviour: text(),
  last4: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text().primaryKey(),
    /** card or wallet. */
    processor: text().notNull(),
    idempotencyKey: text().notNull(),
    /** The card customer or wallet subscription charged. */
    account: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    /** succeeded, refunded, declined, requires_action, canceled. */
    status: text().notNull(),
    /** Given back so far (partial refunds add up; the whole makes it refunded). */
    refundedCents: integer().notNull().default(0),
    /** The payment method charged and the purchase it was for (Stripe's metadata.purchase_id). */
    paymentMethodId: text(),
    purchaseReference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sandbox_payments_idempotency_idx").on(t.processor, t.idempotencyKey),
    index("sandbox_payments_purchase_idx").on(t.purchaseReference),
  ],
);

/** The sandbox processors' refunds: one per idempotency key, as Stripe and PayPal keep them. */
export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    id: text().primaryKey(),
    paymentId: text().notNull(),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sandbox_refunds_idempotency_idx").on(t.idempotencyKey)],
);

export const sandboxWalletCheckouts = pgTable(
  "sandbox_wallet_checkouts",
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    reference: text().notNull(),
    lifetime: boolean().notNull(),
    item: jsonb().$type<Record<string, unknown>>().notNull(),
    returnUrl: text().notNull(),
    cancelUrl: text().notNull(),
    /** created, approved, canceled, active, cancelled (subscription stopped). */
    status: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sandbox_wallet_checkouts_idempotency_idx").on(t.idempotencyKey)],
);
