import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { checkouts } from "./checkouts";
import { leads } from "./leads";
import { users } from "./users";

/**
 * One person's clock for a checkout's timed offer (docs/decisions/030-honest-offers.md): set on
 * their first visit and never restarted. The person is a member or a lead, exactly one of them
 * (a visitor's clock is kept in their browser). A lead's clocks are copied to the member the lead
 * becomes; the earliest deadline wins.
 */
export const checkoutOffers = pgTable(
  "checkout_offers",
  {
    id: uuid().primaryKey().defaultRandom(),
    checkoutId: integer()
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    leadId: uuid().references(() => leads.id, { onDelete: "cascade" }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique("checkout_offers_checkout_user_key").on(t.checkoutId, t.userId),
    unique("checkout_offers_checkout_lead_key").on(t.checkoutId, t.leadId),
    index("checkout_offers_user_idx").on(t.userId),
    index("checkout_offers_lead_idx").on(t.leadId),
    check("checkout_offers_one_person", sql`(${t.userId} is null) <> (${t.leadId} is null)`),
  ],
);
