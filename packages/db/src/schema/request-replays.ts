import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * The answers of writes sent with an `Idempotency-Key` (decision 066), kept for a day so that the same
 * request sent again (a client or the load balancer retrying after a lost answer) gets the first
 * answer instead of doing the write twice. The key itself is never stored: `keyHash` is a SHA-256 of
 * who sent it and the key, and the answer is sealed (AES-256-GCM) with a key derived from it, so only
 * someone holding the key can read it back. `userId` is the member who sent it (null for a visitor),
 * and the row goes with their account.
 */
export const requestReplays = pgTable(
  "request_replays",
  {
    keyHash: text().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    /** A SHA-256 of the request (method, route, parameters and body): the same key with another request is refused. */
    fingerprint: text().notNull(),
    status: integer().notNull(),
    /** The answer's body as JSON, sealed: base64 of IV, tag and ciphertext. */
    sealedAnswer: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("request_replays_created_idx").on(t.createdAt), index("request_replays_user_idx").on(t.userId)],
);
