import { index, integer, jsonb, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * One completed workbook (spec 001 section 3: Workbook entry). Workbooks are content (content/demo/workbooks.json),
 * so `workbookId` names one of those, not a row. `answers` maps question ids to what the member wrote or chose.
 */
export const workbookEntries = pgTable(
  "workbook_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workbookId: integer().notNull(),
    answers: jsonb().$type<Record<string, string | number | string[]>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("workbook_entries_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("workbook_entries_user_workbook_idx").on(t.userId, t.workbookId),
  ],
);
