import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { checkouts } from "./checkouts.ts";
import { leads } from "./leads.ts";
import { users } from "./users.ts";

/**
 * A clock for a checkout's timed offer, kept for one identity of a person (docs/decisions/030-honest-offers.md):
 * a member or a lead, exactly one of them (a visitor's clock is kept in their browser). The person's
 * deadline for an offer package is the earliest of the clocks of all their identities (the member and the
 * leads of their address) on every checkout offering it; a visit to another checkout copies it and never
 * starts a fresh one (docs/decisions/051-one-offer-clock-per-person.md).
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
