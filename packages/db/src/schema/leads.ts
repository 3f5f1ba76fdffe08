import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A person known from a funnel before registering; `statisticId` is the unguessable handle in their link.
 * `email` is stored normalised (trimmed, lower case). `tokenHash` is the hash of the single-use sign-in
 * token of the lead's "your result is ready" e-mail: opening it proves the address and claims the lead
 * (docs/decisions/025-lead-funnel.md); a new e-mail replaces it, using it clears it.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuid().primaryKey().defaultRandom(),
    statisticId: text().notNull().unique(),
    name: text().notNull(),
    email: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().unique(),
    tokenExpiresAt: timestamp({ withTimezone: true }),
    /**
     * The hash of the lead's own link token, carried by every link e-mailed to the lead (the offer page,
     * the invitation to choose a password). Unlike `tokenHash` it is not used up by opening a link: it
     * proves the address each time until the lead becomes a member (decision 050). Never answered by the API.
     */
    linkTokenHash: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("leads_email_idx").on(t.email), index("leads_user_idx").on(t.userId)],
);
