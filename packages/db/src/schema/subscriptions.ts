import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A member's subscription. Entitlement to locked content comes from these rows
 * (packages/domain isEntitled); a member with no current row is a free member.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** trialing, active, past_due, canceled, expired, lifetime. */
    status: text().notNull(),
    /** The plan as members read it: Monthly, Annual, Lifetime, Free trial, Corporate. */
    planType: text().notNull(),
    /** Who bills it: stripe, paypal, sandbox, corporate, demo. */
    provider: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Access lasts until this time (null: no end, e.g. lifetime). */
    currentPeriodEnd: timestamp({ withTimezone: true }),
    /** The package bought (null for demo and corporate rows). */
    packageId: integer(),
    /** The processor's ids: customer and saved payment method (card), subscription (wallet). */
    customerId: text(),
    paymentMethodId: text(),
    /** How the member recognises what pays: "Visa •••• 4242", or the wallet ("PayPal"). */
    paymentMethodLabel: text(),
    providerSubscriptionId: text(),
    /** What one period costs, in minor units. */
    amountCents: integer(),
    currency: text(),
    /** The lifecycle state (packages/domain subscription-lifecycle), JSON with ISO dates; status and currentPeriodEnd are derived from it. */
    lifecycle: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId),
    // The analyst's dashboard (decision 069): trials begun, and access that ended, per day of a range.
    index("subscriptions_started_at_idx").on(t.startedAt),
    index("subscriptions_period_end_idx").on(t.currentPeriodEnd),
    uniqueIndex("subscriptions_provider_subscription_idx").on(t.provider, t.providerSubscriptionId),
  ],
);
