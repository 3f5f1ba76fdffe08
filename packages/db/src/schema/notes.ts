import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A member's private note (spec 001 sections 2 and 3; decision 033): a title and free text. It belongs to
 * one member (`userId`) and goes with their account. The list shows the newest first, by creation time.
 */
export const notes = pgTable(
  "notes",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("notes_user_created_idx").on(table.userId, table.createdAt.desc())],
);
