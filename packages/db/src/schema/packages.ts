import { boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What can be bought (spec 000 section 3, Package): a period of 1, 3, 6 or 12 months or a
 * lifetime, through a provider (card: stripe, wallet: paypal), in one currency.
 */
export const packages = pgTable("packages", {
  id: integer().primaryKey(),
  months: integer().notNull(),
  /** stripe (card) or paypal (wallet). */
  provider: text().notNull(),
  /** EUR or USD. */
  currency: text().notNull(),
  /** Minor units (cents). */
  amountCents: integer().notNull(),
  isLifetime: boolean().notNull().default(false),
  isFreeTrial: boolean().notNull().default(false),
  trialDays: integer().notNull().default(0),
  /** 'Best Value', 'Most Popular'. */
  tags: jsonb().$type<string[]>().notNull().default([]),
  /** Where the package is offered: after_locked_content, after_registration, after_trial_is_over. */
  placements: jsonb().$type<string[]>().notNull().default([]),
  platform: text().notNull().default("web"),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  /** Sold only during a checkout's timed offer (docs/decisions/030-honest-offers.md), never listed on its own. */
  offerOnly: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
