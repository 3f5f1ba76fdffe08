import { integer, pgTable, text } from "drizzle-orm/pg-core";

/** Topics that describe content (anxiety, sleep, rain...): filters, chips and search. */
export const tags = pgTable("tags", {
  id: integer().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
});
