import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A member's saved mix in the Sounds mixer (decision 044): a name and up to three soundscapes, each with its own
 * volume, in the order the member set them. It belongs to one member (`userId`) and goes with their account. The
 * list shows the latest changed first.
 */
export const mixerPresets = pgTable(
  "mixer_presets",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    layers: jsonb().$type<{ id: number; volume: number }[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mixer_presets_user_updated_idx").on(table.userId, table.updatedAt.desc())],
);
