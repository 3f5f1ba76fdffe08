import { bigint, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { contentItems } from "./content-items.ts";
import { staffMembers } from "./staff.ts";

/**
 * A recording an editor uploaded for one stream of an item (decision 070): kept as it came in the shared
 * uploads folder until the `content.package` job has packaged it as HLS with the same pipeline as
 * `npm run content:ingest`, then the item's stream points at the result.
 */
export const contentUploads = pgTable(
  "content_uploads",
  {
    id: uuid().primaryKey().defaultRandom(),
    itemId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    /** The stream it becomes: audio_male, audio_female, video_male, video_female, audio or video. */
    variant: text().notNull(),
    /** The file's name as the editor's computer called it (shown, never used as a path). */
    fileName: text().notNull(),
    bytes: bigint({ mode: "number" }).notNull(),
    /** waiting (stored, the job queued), packaging, ready, failed. */
    status: text().notNull().default("waiting"),
    /** Why packaging failed, in words for the editor. */
    message: text(),
    staffId: uuid().references(() => staffMembers.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("content_uploads_item_idx").on(t.itemId, t.createdAt)],
);
