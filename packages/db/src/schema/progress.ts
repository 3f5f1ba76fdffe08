import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { contentItems } from "./content-items";
import { users } from "./users";

const owner = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * Listening per calendar day in one time zone (decision 034): a roll-up of `listening_sessions` kept in the
 * same transaction as each report, so statistics and pictures read a few hundred rows however long the
 * member's history. A session counts on the day it started, in `timeZone`.
 */
export const listeningDays = pgTable(
  "listening_days",
  {
    userId: owner(),
    timeZone: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    seconds: integer().notNull(),
    sessions: integer().notNull(),
    longestSeconds: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.timeZone, t.day] })],
);

/** A badge a member received (spec 001 section 3: Achievement). One row per badge, ever. */
export const memberAchievements = pgTable(
  "member_achievements",
  {
    userId: owner(),
    machineName: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.machineName] })],
);

/** Each time a member copied an item's share link. */
export const contentShares = pgTable(
  "content_shares",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    itemId: integer().references(() => contentItems.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_shares_user_idx").on(t.userId, t.createdAt)],
);
