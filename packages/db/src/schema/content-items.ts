import { sql, type SQL } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Everything a member can play or open: single items, courses, playlists and their sessions.
 * A session or playlist audio points at its course or playlist through parentId.
 */
export const contentItems = pgTable(
  "content_items",
  {
    id: integer().primaryKey(),
    slug: text().notNull().unique(),
    /** One of the six content models (packages/domain CONTENT_MODELS). */
    model: text().notNull(),
    /** One of the nine content types. */
    type: text().notNull(),
    name: text().notNull(),
    description: text().notNull(),
    free: boolean().notNull().default(false),
    goal: text(),
    parentId: integer().references((): AnyPgColumn => contentItems.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    /** Stream variant -> media path relative to the media root ("free/morning-light/audio-male"). */
    media: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Stream variants with WebVTT captions beside their playlist (`captions.vtt`), from the media manifest. */
    captions: jsonb().$type<string[]>().notNull().default([]),
    /** The looping bed under the voice, a media path. */
    soundscape: text(),
    /**
     * draft, published or withdrawn (packages/domain content-publishing): members see an item only while
     * it is published and `publishAt` (when set) has come. The shipped catalogue is published.
     */
    status: text().notNull().default("published"),
    publishAt: timestamp({ withTimezone: true }),
    /** The longest stream, in seconds. */
    durationSeconds: integer(),
    /** Cover image path relative to the media root ("covers/morning-light.svg"). */
    cover: text().notNull(),
    /** The content type and tag names, kept here so one generated column indexes names, descriptions, types and tags together. */
    tagText: text().notNull().default(""),
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${contentItems.name}, '')), 'A') || setweight(to_tsvector('english', coalesce(${contentItems.tagText}, '')), 'B') || setweight(to_tsvector('english', coalesce(${contentItems.description}, '')), 'C')`,
    ),
    /** Names and tags in lower case, for trigram matching of misspelt searches (pg_trgm, decision 041). */
    fuzzyText: text().generatedAlwaysAs((): SQL => sql`lower(${contentItems.name} || ' ' || ${contentItems.tagText})`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("content_items_model_idx").on(t.model),
    index("content_items_parent_idx").on(t.parentId),
    index("content_items_search_idx").using("gin", t.searchVector),
  ],
);
