import { mayBeMisspelt, TYPO_SIMILARITY } from "@serene/domain";
import { and, asc, desc, sql, type SQL } from "drizzle-orm";
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
  /** A word as a prefix query. A stop word ("the") gives an empty query: it is left out. */
  const prefix = (term: string) => sql`to_tsquery('english', ${`${term}:*`})`;
  const asTyped = (term: string) => sql`${contentItems.searchVector} @@ ${prefix(term)}`;
  const closeness = (term: string) => sql`word_similarity(${term}, ${contentItems.fuzzyText})`;
  /** Search finds only what members see (packages/domain isLive), a session only while its course is live too. */
  const live = sql`${contentItems.status} = 'published' and (${contentItems.publishAt} is null or ${contentItems.publishAt} <= now())
    and (${contentItems.parentId} is null or exists (select 1 from ${contentItems} parent where parent.id = ${contentItems.parentId}
      and parent.status = 'published' and (parent.publish_at is null or parent.publish_at <= now())))`;

  /**
   * The condition and rank of a search: each word matches as typed when it finds anything that
   * way; a word that finds nothing as typed (and is long enough) matches by trigram similarity.
   * Only stop words find nothing.
   */
  async function matching(terms: string[]): Promise<{ where: SQL; rank: SQL }> {
    const columns = terms.flatMap((term, index) => [
      [`found${index}`, sql<number>`count(*) filter (where ${asTyped(term)})::int`],
      [`words${index}`, sql<number>`numnode(${prefix(term)})`],
    ]);
    const [counts = {}] = terms.length > 0 ? await db.select(Object.fromEntries(columns)).from(contentItems) : [];
    const number = (key: string) => Number((counts as Record<string, unknown>)[key] ?? 0);
    const words = terms.filter((_term, index) => number(`words${index}`) > 0);
    const typed = words.filter((term) => number(`found${terms.indexOf(term)}`) > 0 || !mayBeMisspelt(term));
    const misspelt = words.filter((term) => !typed.includes(term));
    if (words.length === 0) return { where: sql`false`, rank: sql`(0)::real` };
    const conditions = [...typed.map(asTyped), ...misspelt.map((term) => sql`${closeness(term)} >= ${TYPO_SIMILARITY}`)];
    const typedQuery = sql`to_tsquery('english', ${typed.map((term) => `${term}:*`).join(" & ")})`;
    const rank = sql.join(
      [
        // The full-text rank of the words found as typed, plus how close each misspelt word came.
        typed.length > 0 ? sql`ts_rank(${contentItems.searchVector}, ${typedQuery})` : sql`0`,
        ...misspelt.map(closeness),
      ],
      sql` + `,
    );
    return { where: and(live, ...conditions)!, rank: sql`(${rank})` };
  }

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
            captions: contentItems.captions,
            soundscape: contentItems.soundscape,
            durationSeconds: contentItems.durationSeconds,
            cover: contentItems.cover,
            status: contentItems.status,
            publishAt: contentItems.publishAt,
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
     * also matches as a prefix, so "medit" finds "meditation". A word that finds nothing as typed
     * may match a name or tag spelt close to it (pg_trgm word similarity), so "meditaton" and
     * "slep" still find something; such matches rank after those found as typed. `terms` are
     * already cleaned words (searchWords).
     */
    async search(terms: string[], limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
      const { where, rank } = await matching(terms);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ id: contentItems.id })
          .from(contentItems)
          .where(where)
          .orderBy(desc(rank), asc(contentItems.id))
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
      const { where, rank } = await matching(terms);
      const rows = await db
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(where)
        .orderBy(desc(rank), asc(contentItems.id))
        .limit(1000);
      return rows.map((row) => row.id);
    },
  };
}
export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
