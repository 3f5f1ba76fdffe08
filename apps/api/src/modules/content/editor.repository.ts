import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import {
  collectionItems,
  collections,
  contentItems,
  contentItemTags,
  contentUploads,
  screenSections,
  sectionItems,
  tags,
  type Database,
} from "@serene/db";
import { slugify, type ContentState, type ContentStatus } from "@serene/domain";

/**
 * The catalogue as the console writes it (decision 070), the one writer of items, their tags and their
 * uploads. Every write that members would see is followed by `notifyChange(…, "catalogue")` in the same
 * transaction by the service, so every node reads its snapshot again when it commits.
 */
export type ContentItemRow = typeof contentItems.$inferSelect;
export type ContentUploadRow = typeof contentUploads.$inferSelect;

/**
 * Items added after the shipped catalogue take ids from here up, so the catalogue file (whose ids are
 * fixed and may grow) never writes over one.
 */
export const FIRST_ADDED_ID = 100_000;

export interface ItemWrite {
  name: string;
  description: string;
  type: string;
  free: boolean;
  goal: string | null;
  /** Tag names, in order; new ones become tags. */
  tags: string[];
}

const titleCase = (slug: string) => slug.replace(/-/g, " ").replace(/\b\w/g, (char) => char.toUpperCase());

/** What `ContentState` means as a condition at `now`. */
function stateIs(state: ContentState, now: Date): SQL {
  const published = eq(contentItems.status, "published");
  if (state === "scheduled") return and(published, gt(contentItems.publishAt, now))!;
  if (state === "published") return and(published, or(isNull(contentItems.publishAt), lte(contentItems.publishAt, now)))!;
  return eq(contentItems.status, state);
}

/** The item's captioned streams with `variant` in them (once) or left out. */
const captionsWith = (variant: string, present: boolean) =>
  present
    ? sql`(select coalesce(jsonb_agg(distinct v), '[]'::jsonb) from jsonb_array_elements_text(${contentItems.captions} || ${JSON.stringify([variant])}::jsonb) v)`
    : sql`(select coalesce(jsonb_agg(v), '[]'::jsonb) from jsonb_array_elements_text(${contentItems.captions}) v where v <> ${variant})`;

export function createEditorRepository(db: Database) {
  /** The tags named, found by slug or made (ids in the added range), in the order given. */
  async function tagsNamed(names: readonly string[]): Promise<{ id: number; name: string }[]> {
    const found: { id: number; name: string }[] = [];
    for (const name of names) {
      const slug = slugify(name);
      if (found.some((tag) => slugify(tag.name) === slug)) continue;
      let [tag] = await db.select().from(tags).where(eq(tags.slug, slug));
      if (!tag) {
        const [next] = await db
          .select({ id: sql<number>`greatest(coalesce(max(${tags.id}), 0), ${FIRST_ADDED_ID - 1})::int + 1` })
          .from(tags);
        [tag] = await db
          .insert(tags)
          .values({ id: next!.id, slug, name: /[A-Z]/.test(name) ? name.trim() : titleCase(slug) })
          .onConflictDoNothing()
          .returning();
        tag ??= (await db.select().from(tags).where(eq(tags.slug, slug)))[0];
      }
      found.push({ id: tag!.id, name: tag!.name });
    }
    return found;
  }

  /** Puts the item's tags in place and the words search reads beside its name (type and tag names). */
  async function writeTags(itemId: number, type: string, names: readonly string[]) {
    const chosen = await tagsNamed(names);
    await db.delete(contentItemTags).where(eq(contentItemTags.itemId, itemId));
    if (chosen.length > 0) await db.insert(contentItemTags).values(chosen.map((tag, position) => ({ itemId, tagId: tag.id, position })));
    await db
      .update(contentItems)
      .set({ tagText: [type, ...chosen.map((tag) => tag.name)].join(" ") })
      .where(eq(contentItems.id, itemId));
  }

  return {
    /** Items newest-changed first, with the state asked and a name or slug like `q`. */
    async list(query: { q?: string | undefined; state?: ContentState | undefined; page: number; perPage: number }, now: Date) {
      const conditions: SQL[] = [];
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        conditions.push(or(ilike(contentItems.name, like), ilike(contentItems.slug, like))!);
      }
      if (query.state) conditions.push(stateIs(query.state, now));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(contentItems)
          .where(where)
          .orderBy(desc(contentItems.updatedAt), desc(contentItems.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db.select({ count: count() }).from(contentItems).where(where),
      ]);
      return { rows, total: Number(total?.count ?? 0) };
    },

    async item(id: number): Promise<ContentItemRow | null> {
      const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id));
      return row ?? null;
    },

    async tagsOf(itemId: number) {
      return db
        .select({ slug: tags.slug, name: tags.name })
        .from(contentItemTags)
        .innerJoin(tags, eq(tags.id, contentItemTags.tagId))
        .where(eq(contentItemTags.itemId, itemId))
        .orderBy(asc(contentItemTags.position));
    },

    async nameOf(id: number): Promise<string | null> {
      const [row] = await db.select({ name: contentItems.name }).from(contentItems).where(eq(contentItems.id, id));
      return row?.name ?? null;
    },

    /**
     * A new item (a draft from the console, or published by `content:ingest`): the next id of the added
     * range and the slug asked for, else one of its name, made unique with a suffix when another item has it.
     */
    async create(
      item: ItemWrite & {
        model: string;
        status: ContentStatus;
        slug?: string;
        media?: Record<string, string>;
        durationSeconds?: number | null;
      },
    ) {
      const base = item.slug ?? slugify(item.name);
      const [taken] = await db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.slug, base));
      // A slug asked for is that slug or nothing; one made from the name gets a suffix when it is taken.
      if (taken && item.slug) throw new Error(`The slug ${item.slug} is used by another item.`);
      const slug = taken ? `${base}-${Date.now().toString(36)}` : base;
      const [next] = await db
        .select({ id: sql<number>`greatest(coalesce(max(${contentItems.id}), 0), ${FIRST_ADDED_ID - 1})::int + 1` })
        .from(contentItems);
      const [row] = await db
        .insert(contentItems)
        .values({
          id: next!.id,
          slug,
          model: item.model,
          type: item.type,
          name: item.name,
          description: item.description,
          free: item.free,
          goal: item.goal,
          media: item.media ?? {},
          durationSeconds: item.durationSeconds ?? null,
          cover: `covers/${slug}.svg`,
          status: item.status,
        })
        .returning();
      await writeTags(row!.id, item.type, item.tags);
      return (await this.item(row!.id))!;
    },

    async update(id: number, item: ItemWrite & { media?: Record<string, string> }): Promise<ContentItemRow | null> {
      const [row] = await db
        .update(contentItems)
        .set({
          name: item.name,
          description: item.description,
          type: item.type,
          free: item.free,
          goal: item.goal,
          ...(item.media ? { media: item.media } : {}),
          updatedAt: new Date(),
        })
        .where(eq(contentItems.id, id))
        .returning();
      if (!row) return null;
      await writeTags(id, item.type, item.tags);
      return this.item(id);
    },

    async setStatus(id: number, status: ContentStatus, publishAt: Date | null): Promise<ContentItemRow | null> {
      const [row] = await db
        .update(contentItems)
        .set({ status, publishAt, updatedAt: new Date() })
        .where(eq(contentItems.id, id))
        .returning();
      return row ?? null;
    },

    /** One stream of the item now plays from `path`; the item's length is its longest stream. */
    async setStream(id: number, stream: { variant: string; path: string; seconds: number; captions: boolean }) {
      const [row] = await db
        .update(contentItems)
        .set({
          media: sql`${contentItems.media} || ${JSON.stringify({ [stream.variant]: stream.path })}::jsonb`,
          captions: captionsWith(stream.variant, stream.captions),
          durationSeconds: sql`greatest(coalesce(${contentItems.durationSeconds}, 0), ${Math.round(stream.seconds)})`,
          updatedAt: new Date(),
        })
        .where(eq(contentItems.id, id))
        .returning();
      return row ?? null;
    },

    /** The item's streams carrying captions now include (or leave out) `variant`. */
    async setCaptions(id: number, variant: string, present: boolean) {
      const [row] = await db
        .update(contentItems)
        .set({
          captions: captionsWith(variant, present),
          updatedAt: new Date(),
        })
        .where(eq(contentItems.id, id))
        .returning();
      return row ?? null;
    },

    async setCover(id: number, cover: string) {
      const [row] = await db.update(contentItems).set({ cover, updatedAt: new Date() }).where(eq(contentItems.id, id)).returning();
      return row ?? null;
    },

    // ---- shelves ------------------------------------------------------------------------------

    /** The screens' sections and the collections, each with its item ids in order. */
    async shelves() {
      const [sections, sectionLinks, collectionRows, collectionLinks] = await Promise.all([
        db.select().from(screenSections).orderBy(asc(screenSections.screen), asc(screenSections.position), asc(screenSections.id)),
        db.select().from(sectionItems).orderBy(asc(sectionItems.sectionId), asc(sectionItems.position)),
        db.select().from(collections).orderBy(asc(collections.id)),
        db.select().from(collectionItems).orderBy(asc(collectionItems.collectionId), asc(collectionItems.position)),
      ]);
      const itemsOf = <T extends { itemId: number }>(links: T[], owner: (link: T) => number, id: number) =>
        links.filter((link) => owner(link) === id).map((link) => link.itemId);
      return {
        sections: sections.map((section) => ({ ...section, items: itemsOf(sectionLinks, (link) => link.sectionId, section.id) })),
        collections: collectionRows.map((row) => ({ ...row, items: itemsOf(collectionLinks, (link) => link.collectionId, row.id) })),
      };
    },

    /** The items with these ids that exist, as shelves show them. */
    itemsNamed: (ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: contentItems.id,
              name: contentItems.name,
              status: contentItems.status,
              publishAt: contentItems.publishAt,
              cover: contentItems.cover,
            })
            .from(contentItems)
            .where(inArray(contentItems.id, [...ids])),

    async section(id: number) {
      const [row] = await db.select().from(screenSections).where(eq(screenSections.id, id));
      return row ?? null;
    },
    async collection(id: number) {
      const [row] = await db.select().from(collections).where(eq(collections.id, id));
      return row ?? null;
    },

    /** A shelf's items become exactly `items`, in that order. */
    async setShelf(kind: "sections" | "collections", id: number, items: readonly number[]) {
      if (kind === "sections") {
        await db.delete(sectionItems).where(eq(sectionItems.sectionId, id));
        if (items.length > 0) await db.insert(sectionItems).values(items.map((itemId, position) => ({ sectionId: id, itemId, position })));
      } else {
        await db.delete(collectionItems).where(eq(collectionItems.collectionId, id));
        if (items.length > 0)
          await db.insert(collectionItems).values(items.map((itemId, position) => ({ collectionId: id, itemId, position })));
      }
    },

    // ---- uploads ------------------------------------------------------------------------------

    async addUpload(upload: { itemId: number; variant: string; fileName: string; bytes: number; staffId: string | null }) {
      const [row] = await db.insert(contentUploads).values(upload).returning();
      return row!;
    },

    async setUploadBytes(id: string, bytes: number) {
      await db.update(contentUploads).set({ bytes, updatedAt: new Date() }).where(eq(contentUploads.id, id));
    },

    /** Takes a waiting upload for packaging; null when another worker has it or it is done. */
    async claimUpload(id: string): Promise<ContentUploadRow | null> {
      const [row] = await db
        .update(contentUploads)
        .set({ status: "packaging", updatedAt: new Date() })
        .where(and(eq(contentUploads.id, id), eq(contentUploads.status, "waiting")))
        .returning();
      return row ?? null;
    },

    async finishUpload(id: string, outcome: { status: "ready" | "failed" | "waiting"; message?: string | null }) {
      await db
        .update(contentUploads)
        .set({ status: outcome.status, message: outcome.message ?? null, updatedAt: new Date() })
        .where(eq(contentUploads.id, id));
    },

    async upload(id: string): Promise<ContentUploadRow | null> {
      const [row] = await db.select().from(contentUploads).where(eq(contentUploads.id, id));
      return row ?? null;
    },

    /** The item's uploads, newest first (the last ten). */
    uploadsOf: (itemId: number) =>
      db.select().from(contentUploads).where(eq(contentUploads.itemId, itemId)).orderBy(desc(contentUploads.createdAt)).limit(10),

    /** Uploads left packaging by a worker that stopped (older than `before`), to queue again. */
    stalledUploads: (before: Date) =>
      db
        .select()
        .from(contentUploads)
        .where(and(inArray(contentUploads.status, ["waiting", "packaging"]), lte(contentUploads.updatedAt, before))),
  };
}
export type EditorRepository = ReturnType<typeof createEditorRepository>;
