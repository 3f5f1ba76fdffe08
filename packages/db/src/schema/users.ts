import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** A person with an account. Every row that belongs to them references this one and goes with it. */
export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Stored trimmed and lower-cased (packages/domain normalizeEmail). */
    email: text().notNull(),
    /** argon2id (PHC string); null for an account made through social sign-in only. */
    passwordHash: text(),
    goal: text(),
    /** The IANA time zone the member's browser last sent (Europe/Berlin); days of practice are counted in it. */
    timeZone: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** Set when removal was confirmed: the account is closed and its data is deleted at this time. */
    deletionDueAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    // The operator console's member search (decision 067): any part of a name or an address, by trigrams.
    index("users_search_trgm_idx").using("gin", sql`(lower(${t.name}) || ' ' || ${t.email}) gin_trgm_ops`),
    // The analyst's dashboard counts sign-ups per day of a range (decision 069).
    index("users_created_at_idx").on(t.createdAt),
    index("users_deletion_due_idx")
      .on(t.deletionDueAt)
      .where(sql`${t.deletionDueAt} is not null`),
  ],
);
