import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { collections } from "./collections.ts";
import { contentItems } from "./content-items.ts";

/** The sections a screen (home, meditation, music, sleep, therapy) is made of, in order. */
export const screenSections = pgTable(
  "screen_sections",
  {
    id: integer().primaryKey(),
    screen: text().notNull(),
    name: text().notNull(),
    sectionType: text().notNull(),
    position: integer().notNull().default(0),
    collectionId: integer().references(() => collections.id, { onDelete: "set null" }),
  },
  (t) => [index("screen_sections_screen_idx").on(t.screen, t.position)],
);

export const sectionItems = pgTable(
  "section_items",
  {
    sectionId: integer()
      .notNull()
      .references(() => screenSections.id, { onDelete: "cascade" }),
    itemId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.itemId] })],
);
