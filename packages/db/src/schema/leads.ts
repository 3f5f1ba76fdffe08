import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A person known from a funnel before registering; `statisticId` is the unguessable handle in their link. */
export const leads = pgTable("leads", {
  id: uuid().primaryKey().defaultRandom(),
  statisticId: text().notNull().unique(),
  name: text().notNull(),
  email: text().notNull(),
  userId: uuid().references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
