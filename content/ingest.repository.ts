/**
 * Registers an ingested item in the product's database (the same one `npm start` uses:
 * DATABASE_URL, else the embedded database under DATA_DIR), so it is listed, searchable and
 * playable. A running server sees it within its catalogue refresh (30 s) or at once by id.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { contentItems, contentItemTags, createDatabase, migrate, notifyChange, tags, type DatabaseHandle } from "@serene/db";
import type { CatalogueItem, MediaManifest } from "./catalogue.ts";
import { contentItemRow } from "./item-row.ts";

export interface IngestedItem extends Omit<CatalogueItem, "id"> {
  /** The manifest entries of the item's streams, by media path. */
  streams: MediaManifest;
}

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The database `npm start` would open, migrated. */
export async function openProductDatabase(env: Record<string, string | undefined> = process.env): Promise<DatabaseHandle> {
  const handle = env.DATABASE_URL
    ? await createDatabase({ driver: "postgres", url: env.DATABASE_URL, poolMax: 2 })
    : await createDatabase({ driver: "pglite", dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, "data"), "pglite") });
  await migrate(handle);
  return handle;
}

/**
 * Ingested items take ids from here up, so the shipped catalogue (whose ids are fixed in
 * content/demo/catalogue.json and may grow) never writes over one.
 */
export const FIRST_INGESTED_ID = 100_000;

const nextIdQuery = sql<number>`greatest(coalesce(max(${contentItems.id}), 0), ${FIRST_INGESTED_ID - 1})::int + 1`;

/** The id a new ingested item gets. */
export async function nextItemId(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.db.select({ next: nextIdQuery }).from(contentItems);
  return row!.next;
}

export async function slugInUse(handle: DatabaseHandle, slug: string): Promise<boolean> {
  const [row] = await handle.db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.slug, slug));
  return Boolean(row);
}

const titleCase = (slug: string) => slug.replace(/-/g, " ").replace(/\b\w/g, (char) => char.toUpperCase());

/** Writes the item and its tags (new tags are created); returns its id. */
export async function registerIngestedItem(handle: DatabaseHandle, item: IngestedItem): Promise<number> {
  const durations = Object.values(item.streams).map((stream) => stream.duration);
  return handle.db.transaction(async (tx) => {
    const [next] = await tx.select({ next: nextIdQuery }).from(contentItems);
    const id = next!.next;
    const tagIds: number[] = [];
    const tagNames: string[] = [];
    for (const slug of item.tags) {
      let [tag] = await tx.select().from(tags).where(eq(tags.slug, slug));
      if (!tag) {
        const [nextTag] = await tx
          .select({ next: sql<number>`greatest(coalesce(max(${tags.id}), 0), ${FIRST_INGESTED_ID - 1})::int + 1` })
          .from(tags);
        [tag] = await tx
          .insert(tags)
          .values({ id: nextTag!.next, slug, name: titleCase(slug) })
          .returning();
      }
      tagIds.push(tag!.id);
      tagNames.push(tag!.name);
    }
    await tx
      .insert(contentItems)
      .values(contentItemRow(item, { id, durationSeconds: durations.length > 0 ? Math.round(Math.max(...durations)) : null, tagNames }));
    if (tagIds.length > 0) await tx.insert(contentItemTags).values(tagIds.map((tagId, position) => ({ itemId: id, tagId, position })));
    // Every running node shows the new item as soon as this commits.
    await notifyChange(tx, "catalogue");
    return id;
  });
}
