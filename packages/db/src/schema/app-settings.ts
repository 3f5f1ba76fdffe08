import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Small key/value facts about this installation, such as which demo seed version was loaded. */
export const appSettings = pgTable("app_settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
