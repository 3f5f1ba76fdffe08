import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Questions and answers shown on /faq, in `position` order. */
export const faqItems = pgTable("faq_items", {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  question: text().notNull(),
  answer: text().notNull(),
  position: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
