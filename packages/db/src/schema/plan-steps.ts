import { integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { contentItems } from "./content-items.ts";

/** The personal plan: each day's steps in order. */
export const planSteps = pgTable(
  "plan_steps",
  {
    day: integer().notNull(),
    position: integer().notNull(),
    itemId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.day, t.position] })],
);
