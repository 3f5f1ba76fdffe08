import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export type AccountCodePurpose = "password_reset" | "email_change" | "account_removal" | "tmp_login" | "trusted_device";

/**
 * Single-use codes sent by e-mail (reset, e-mail change, removal, temporary login), and the marks
 * of browsers an account trusts after a successful sign-in (`trusted_device`, shown on every
 * sign-in, never used up). Only a hash is kept.
 */
export const accountCodes = pgTable(
  "account_codes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text().$type<AccountCodePurpose>().notNull(),
    codeHash: text().notNull().unique(),
    /** For an e-mail change: the address that takes effect once the link is opened. */
    newEmail: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_codes_user_idx").on(t.userId, t.purpose)],
);
