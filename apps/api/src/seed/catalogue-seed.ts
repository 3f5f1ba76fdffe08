import { createHash } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
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
import { contentItemRow, type Catalogue, type CatalogueItem, type MediaManifest, type Plans } from "@serene/content";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A fingerprint of the shipped content: when it changes, the seed loads it again. */
export function catalogueFingerprint(catalogue: Catalogue, manifest: MediaManifest, plans?: Plans): string {
  return createHash("sha256")
    .update(JSON.stringify(catalogue))
    .update(JSON.stringify(manifest))
    .update(JSON.stringify(plans ?? null))
    .digest("hex")
    .slice(0, 16);
}

/** The longest stream of an item, in seconds; courses and playlists add up their sessions. */
export function itemDurations(catalogue: Catalogue, manifest: MediaManifest): Map<number, number | null> {
  const own = (item: CatalogueItem) => {
    const seconds = Object.values(item.media ?? {}).map((mediaPath) => manifest[mediaPath]?.duration ?? 0);
    const longest = Math.max(0, ...seconds);
    return longest > 0 ? Math.round(longest) : null;
  };
  const byId = new Map(catalogue.items.map((item) => [item.id, item]));
  const durations = new Map<number, number | null>();
  for (const item of catalogue.items) {
    if (item.children && item.children.length > 0) {
      const total = item.children.reduce((sum, id) => sum + (byId.get(id) ? (own(byId.get(id)!) ?? 0) : 0), 0);
      durations.set(item.id, total > 0 ? total : null);
    } else {
      durations.set(item.id, own(item));
    }
  }
  return durations;
}

/** The variants of an item whose streams the manifest says have captions, in the item's own order. */
export function captionedVariants(item: CatalogueItem, manifest: MediaManifest): string[] {
  return Object.entries(item.media ?? {})
    .filter(([, mediaPath]) => manifest[mediaPath]?.captions === true)
    .map(([variant]) => variant);
}

/**
 * Writes the catalogue: upserts tags and items by id (items added by content ingest stay), and
 * replaces the catalogue's own links, collections, screens and plan.
 */
export async function writeCatalogue(tx: Transaction, catalogue: Catalogue, manifest: MediaManifest): Promise<number> {
  // Tags are matched by slug: one made by content ingest for the same slug is the same tag.
  const tagBySlug = new Map<string, { id: number; slug: string; name: string }>();
  for (const [index, tag] of catalogue.tags.entries()) {
    const [row] = await tx
      .insert(tags)
      .values({ id: index + 1, ...tag })
      .onConflictDoUpdate({ target: tags.slug, set: { name: tag.name } })
      .returning();
    tagBySlug.set(tag.slug, row!);
  }
  const parentOf = new Map<number, { parent: number; position: number }>();
  for (const item of catalogue.items)
    item.children?.forEach((child, index) => parentOf.set(child, { parent: item.id, position: index + 1 }));
  const durations = itemDurations(catalogue, manifest);
  // Parents first, so a session's reference to its course always finds it.
  const ordered = [...catalogue.items].sort((a, b) => Number(parentOf.has(a.id)) - Number(parentOf.has(b.id)) || a.id - b.id);
  for (const item of ordered) {
    const placement = parentOf.get(item.id);
    const values = contentItemRow(item, {
      id: item.id,
      parentId: placement?.parent ?? null,
      position: placement?.position ?? 0,
      durationSeconds: durations.get(item.id) ?? null,
      captions: captionedVariants(item, manifest),
      tagNames: item.tags.map((slug) => tagBySlug.get(slug)?.name ?? slug),
    });
    const { id: _id, ...changes } = values;
    await tx
      .insert(contentItems)
      .values(values)
      .onConflictDoUpdate({ target: contentItems.id, set: { ...changes, updatedAt: sql`now()` } });
  }
  const ids = catalogue.items.map((item) => item.id);
  await tx.delete(contentItemTags).where(inArray(contentItemTags.itemId, ids));
  const links = catalogue.items.flatMap((item) =>
    item.tags.flatMap((slug, position) => (tagBySlug.has(slug) ? [{ itemId: item.id, tagId: tagBySlug.get(slug)!.id, position }] : [])),
  );
  if (links.length > 0) await tx.insert(contentItemTags).values(links).onConflictDoNothing();

  await tx.delete(planSteps);
  await tx.delete(sectionItems);
  await tx.delete(screenSections);
  await tx.delete(collectionItems);
  await tx.delete(collections);
  if (catalogue.collections.length > 0) {
    await tx.insert(collections).values(catalogue.collections.map(({ id, name, description }) => ({ id, name, description })));
    const members = catalogue.collections.flatMap((collection) =>
      [...new Set(collection.items)].map((itemId, position) => ({ collectionId: collection.id, itemId, position })),
    );
    if (members.length > 0) await tx.insert(collectionItems).values(members);
  }
  const sections = Object.entries(catalogue.screens).flatMap(([screen, list]) =>
    list.map((section, position) => ({ screen, position, section })),
  );
  if (sections.length > 0) {
    await tx.insert(screenSections).values(
      sections.map(({ screen, position, section }) => ({
        id: section.id,
        screen,
        name: section.name,
        sectionType: section.section_type,
        position,
        collectionId: section.collection ?? null,
      })),
    );
    const placed = sections.flatMap(({ section }) =>
      [...new Set(section.items)].map((itemId, position) => ({ sectionId: section.id, itemId, position })),
    );
    if (placed.length > 0) await tx.insert(sectionItems).values(placed);
  }
  const steps = catalogue.plan.flatMap((day) => day.items.map((itemId, position) => ({ day: day.day, position, itemId })));
  if (steps.length > 0) await tx.insert(planSteps).values(steps);
  return catalogue.items.length;
}
