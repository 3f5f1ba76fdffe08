import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { contentItems } from "./content-items.ts";
import { users } from "./users.ts";

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

/**
 * One zone's whole roll-up summed up (decision 034), so GET /user/sessions reads one row plus the last year's days
 * however long the history. Every report and every roll-up build adds one to `version`; a reader that finds
 * `summaryVersion` behind sums the roll-up again and writes the sums only while `version` is still the one it saw
 * (one conditional UPDATE, no lock held), so sums from before a report never pass for current ones.
 */
export const listeningSummaries = pgTable(
  "listening_summaries",
  {
    userId: owner(),
    timeZone: text().notNull(),
    version: bigint({ mode: "number" }).notNull().default(0),
    /** The `version` the sums below were taken at; null before the first. */
    summaryVersion: bigint({ mode: "number" }),
    days: integer().notNull().default(0),
    sessions: integer().notNull().default(0),
    seconds: bigint({ mode: "number" }).notNull().default(0),
    longestSeconds: integer().notNull().default(0),
    longestRun: integer().notNull().default(0),
    lastRun: integer().notNull().default(0),
    lastDay: date({ mode: "string" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.timeZone] })],
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

/**
 * Where a member left an item (decision 043): one row per member and item, replaced as the player saves its
 * place, so the player can continue and home can offer what is unfinished.
 */
export const listeningPositions = pgTable(
  "listening_positions",
  {
    userId: owner(),
    itemId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    position: doublePrecision().notNull(),
    duration: doublePrecision().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index("listening_positions_user_updated_idx").on(t.userId, t.updatedAt)],
);
