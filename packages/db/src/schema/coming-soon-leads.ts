import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A sign-up on a coming-soon page (/coming-soon/{key}): a name and an e-mail to hear when the product
 * launches. It belongs to the signed-in member who sent it (`userId`) and goes with their account.
 * Funnels are content (content/demo/coming-soon.json), so `funnelKey` names one of those, not a row.
 * One row per member, funnel and e-mail: signing up again updates it.
 */
export const comingSoonLeads = pgTable(
  "coming_soon_leads",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    funnelKey: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** Lower-cased and trimmed, so one address is one sign-up. */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("coming_soon_leads_member_funnel_email_idx").on(table.userId, table.funnelKey, table.email)],
);
