/**
 * Registers an ingested item in the product's database (the same one `npm start` uses:
 * DATABASE_URL, else the embedded database under DATA_DIR), so it is listed, searchable and
 * playable. Every running server sees it as soon as it commits.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { contentItems, createDatabase, migrate, notifyChange, type DatabaseHandle } from "@serene/db";
import { createEditorRepository, FIRST_ADDED_ID } from "../apps/api/src/modules/content/editor.repository.ts";
import type { CatalogueItem, MediaManifest } from "./catalogue.ts";

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

/** Ingested items take ids from the range the console's items take (the editor repository's). */
export const FIRST_INGESTED_ID = FIRST_ADDED_ID;

/** The id a new ingested item gets. */
export async function nextItemId(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.db
    .select({ next: sql<number>`greatest(coalesce(max(${contentItems.id}), 0), ${FIRST_INGESTED_ID - 1})::int + 1` })
    .from(contentItems);
  return row!.next;
}

export async function slugInUse(handle: DatabaseHandle, slug: string): Promise<boolean> {
  const [row] = await handle.db.select({ id: contentItems.id }).from(contentItems).where(eq(contentItems.slug, slug));
  return Boolean(row);
}

/**
 * Writes the item, published, with its tags (new tags are made), through the catalogue's one writer (the
 * console's editor repository, decision 070); returns its id. Every running node shows it once this commits.
 */
export async function registerIngestedItem(handle: DatabaseHandle, item: IngestedItem): Promise<number> {
  const durations = Object.values(item.streams).map((stream) => stream.duration);
  return handle.inOneTransaction(async () => {
    const row = await createEditorRepository(handle.db).create({
      slug: item.slug,
      model: item.model,
      type: item.type,
      name: item.name,
      description: item.description,
      free: item.free,
      goal: item.goal ?? null,
      tags: item.tags,
      media: item.media ?? {},
      durationSeconds: durations.length > 0 ? Math.round(Math.max(...durations)) : null,
      status: "published",
    });
    await notifyChange(handle.db, "catalogue");
    return row.id;
  });
}
