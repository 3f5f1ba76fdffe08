import { index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { contentItems } from "./content-items.ts";
import { tags } from "./tags.ts";

export const contentItemTags = pgTable(
  "content_item_tags",
  {
    itemId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.tagId] }), index("content_item_tags_tag_idx").on(t.tagId)],
);
