import type { contentItems } from "@serene/db";
import type { CatalogueItem } from "./catalogue.ts";

export type ContentItemRow = typeof contentItems.$inferInsert;

/**
 * The database row of a catalogue item: one shape for the shipped catalogue (the seed) and for
 * items added by content ingest.
 */
export function contentItemRow(
  item: Omit<CatalogueItem, "id">,
  facts: {
    id: number;
    parentId?: number | null;
    position?: number;
    durationSeconds: number | null;
    tagNames: string[];
    /** The variants whose streams have WebVTT captions (the manifest's `captions` flag). */
    captions?: string[];
  },
): ContentItemRow {
  return {
    id: facts.id,
    slug: item.slug,
    model: item.model,
    type: item.type,
    name: item.name,
    description: item.description,
    free: item.free,
    goal: item.goal ?? null,
    parentId: facts.parentId ?? null,
    position: facts.position ?? 0,
    media: item.media ?? {},
    captions: facts.captions ?? [],
    soundscape: item.soundscape ?? null,
    durationSeconds: facts.durationSeconds,
    cover: `covers/${item.slug}.svg`,
    // The type and tag names sit beside the name and description in the search index.
    tagText: [item.type, ...facts.tagNames].join(" "),
  };
}
