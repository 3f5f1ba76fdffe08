import { boolean, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** A verified sign-in identity (Google, Apple, Facebook) linked to an account. */
export const socialIdentities = pgTable(
  "social_identities",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text().$type<"google" | "apple" | "facebook">().notNull(),
    /** The provider's stable subject id (`sub`, or the Facebook user id). */
    subject: text().notNull(),
    email: text(),
    /** The account was created by signing in with this identity (not linked to one that existed). */
    openedAccount: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("social_identities_provider_subject_key").on(t.provider, t.subject), index("social_identities_user_idx").on(t.userId)],
);
