import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { contentItems } from "./content-items.ts";

/** A named, ordered set of items ("Sleep sanctuary"), opened at /collection/:id. */
export const collections = pgTable("collections", {
  id: integer().primaryKey(),
  name: text().notNull(),
  description: text().notNull().default(""),
});

export const collectionItems = pgTable(
  "collection_items",
  {
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    itemId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.itemId] })],
);
