import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Session tokens. Only a SHA-256 of the token is kept; log-out deletes the row. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    deviceName: text().notNull().default("web"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The idle expiry, moved forward by each refresh but never past createdAt + the absolute lifetime. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("access_tokens_user_idx").on(t.userId), index("access_tokens_expires_idx").on(t.expiresAt)],
);
