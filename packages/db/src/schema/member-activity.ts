import { index, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { contentItems } from "./content-items.ts";
import { users } from "./users.ts";

const owner = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const item = () =>
  integer()
    .notNull()
    .references(() => contentItems.id, { onDelete: "cascade" });

/** Items a member marked as favourite. */
export const favorites = pgTable(
  "favorites",
  { userId: owner(), itemId: item(), createdAt: timestamp({ withTimezone: true }).notNull().defaultNow() },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index("favorites_user_created_idx").on(t.userId, t.createdAt)],
);

/** The last time a member started each item: "Recently Played". */
export const playHistory = pgTable(
  "play_history",
  { userId: owner(), itemId: item(), playedAt: timestamp({ withTimezone: true }).notNull().defaultNow() },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] }), index("play_history_user_played_idx").on(t.userId, t.playedAt)],
);

/** Each time a member opened an item (the view record). */
export const contentViews = pgTable(
  "content_views",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    itemId: item(),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_views_user_idx").on(t.userId, t.viewedAt)],
);

/** A stretch of listening the player reported (start and end, UTC). */
export const listeningSessions = pgTable(
  "listening_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: owner(),
    itemId: integer().references(() => contentItems.id, { onDelete: "set null" }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }).notNull(),
    seconds: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listening_sessions_user_started_idx").on(t.userId, t.startedAt),
    // The player's "longest session" of an item: one index probe, however long the member's history.
    index("listening_sessions_user_item_seconds_idx").on(t.userId, t.itemId, t.seconds),
  ],
);
