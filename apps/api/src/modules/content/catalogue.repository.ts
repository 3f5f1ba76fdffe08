import { asc, desc, sql } from "drizzle-orm";
import {
  collectionItems,
  collections,
  contentItems,
  contentItemTags,
  planSteps,
  screenSections,
  sectionItems,
  tags,
  type Database,
} from "@serene/db";

export type ContentRow = typeof contentItems.$inferSelect;

/** Reads of the catalogue. Everything but search is small and read at once into a snapshot. */
export function createCatalogueRepository(db: Database) {
  return {
    async everything() {
      const [items, itemTags, tagRows, collectionRows, collectionLinks, sections, sectionLinks, plan] = await Promise.all([
        db
          .select({
            id: contentItems.id,
            slug: contentItems.slug,
            model: contentItems.model,
            type: contentItems.type,
            name: contentItems.name,
            description: contentItems.description,
            free: contentItems.free,
            goal: contentItems.goal,
            parentId: contentItems.parentId,
            position: contentItems.position,
            media: contentItems.media,
            soundscape: contentItems.soundscape,
            durationSeconds: contentItems.durationSeconds,
            cover: contentItems.cover,
          })
          .from(contentItems)
          .orderBy(asc(contentItems.id)),
        db.select().from(contentItemTags).orderBy(asc(contentItemTags.itemId), asc(contentItemTags.position)),
        db.select().from(tags).orderBy(asc(tags.name)),
        db.select().from(collections).orderBy(asc(collections.id)),
        db.select().from(collectionItems).orderBy(asc(collectionItems.collectionId), asc(collectionItems.position)),
        db.select().from(screenSections).orderBy(asc(screenSections.screen), asc(screenSections.position), asc(screenSections.id)),
        db.select().from(sectionItems).orderBy(asc(sectionItems.sectionId), asc(sectionItems.position)),
        db.select().from(planSteps).orderBy(asc(planSteps.day), asc(planSteps.position)),
      ]);
      return { items, itemTags, tagRows, collectionRows, collectionLinks, sections, sectionLinks, plan };
    },

    /**
     * Full-text search over names (weight A), tags (B) and descriptions (C), ranked; every word
     * also matches as a prefix, so "medit" finds "meditation". `terms` are already cleaned words.
     */
    async search(terms: string[], limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
      const query = sql`to_tsquery('english', ${terms.map((term) => `${term}:*`).join(" & ")})`;
      const where = sql`${contentItems.searchVector} @@ ${query}`;
      const [rows, [counted]] = await Promise.all([
        db
          .select({ id: contentItems.id })
          .from(contentItems)
          .where(where)
          .orderBy(desc(sql`ts_rank(${contentItems.searchVector}, ${query})`), asc(contentItems.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(contentItems)
          .where(where),
      ]);
      return { ids: rows.map((row) => row.id), total: counted?.total ?? 0 };
    },

    /** Ids matching a search, unpaged (when tags narrow the result further in memory). */
    async searchAll(terms: string[]): Promise<number[]> {
      const query = sql`to_tsquery('english', ${terms.map((term) => `${term}:*`).join(" & ")})`;
      const rows = await db
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(sql`${contentItems.searchVector} @@ ${query}`)
        .orderBy(desc(sql`ts_rank(${contentItems.searchVector}, ${query})`), asc(contentItems.id))
        .limit(1000);
      return rows.map((row) => row.id);
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
