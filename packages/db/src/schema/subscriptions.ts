import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId)],
);
