import { isContentModel, isLive, nextGoingLive, type ContentModel } from "@serene/domain";
import type { CatalogueRepository } from "./catalogue.repository.ts";

export interface TagRecord {
  id: number;
  slug: string;
  name: string;
}

export interface ItemRecord {
  id: number;
  slug: string;
  model: ContentModel;
  type: string;
  name: string;
  description: string;
  free: boolean;
  goal: string | null;
  parentId: number | null;
  position: number;
  media: Record<string, string>;
  /** Variants whose streams have WebVTT captions (`captions.vtt` beside the playlist). */
  captions: string[];
  soundscape: string | null;
  durationSeconds: number | null;
  cover: string;
  tags: TagRecord[];
  /** Tag slugs, for filters and recommendations. */
  tagSlugs: string[];
  /** Sessions of a course or audios of a playlist, in order. */
  children: number[];
}

export interface SectionRecord {
  id: number;
  name: string;
  sectionType: string;
  collectionId: number | null;
  items: number[];
}

export interface CollectionRecord {
  id: number;
  name: string;
  description: string;
  items: number[];
}

/** The whole catalogue in memory: small, read on every content call, changed only by the seed and ingest. */
export interface CatalogueSnapshot {
  items: Map<number, ItemRecord>;
  /** Items that stand on their own (not a session of a course or an audio of a playlist), by id. */
  listed: ItemRecord[];
  tags: TagRecord[];
  collections: Map<number, CollectionRecord>;
  screens: Map<string, SectionRecord[]>;
  plan: Map<number, number[]>;
  planDays: number;
  /** When an item scheduled ahead goes live: the snapshot is read again then, on every node. */
  nextGoingLive: Date | null;
}

async function loadSnapshot(repository: CatalogueRepository, at: Date): Promise<CatalogueSnapshot> {
  const rows = await repository.everything();
  const tagById = new Map(rows.tagRows.map((tag) => [tag.id, tag]));
  const items = new Map<number, ItemRecord>();
  // Only what members see: live items, and sessions only while their course or playlist is live (decision 070).
  const liveIds = new Set(rows.items.filter((row) => isLive(row, at)).map((row) => row.id));
  for (const { status: _status, publishAt: _publishAt, ...row } of rows.items) {
    if (!isContentModel(row.model) || !liveIds.has(row.id) || (row.parentId !== null && !liveIds.has(row.parentId))) continue;
    items.set(row.id, { ...row, model: row.model, tags: [], tagSlugs: [], children: [] });
  }
  for (const link of rows.itemTags) {
    const item = items.get(link.itemId);
    const tag = tagById.get(link.tagId);
    if (item && tag) {
      item.tags.push(tag);
      item.tagSlugs.push(tag.slug);
    }
  }
  const children = [...items.values()].filter((item) => item.parentId !== null).sort((a, b) => a.position - b.position || a.id - b.id);
  for (const child of children) items.get(child.parentId!)?.children.push(child.id);

  const collections = new Map<number, CollectionRecord>(
    rows.collectionRows.map((row) => [row.id, { id: row.id, name: row.name, description: row.description, items: [] }]),
  );
  for (const link of rows.collectionLinks) collections.get(link.collectionId)?.items.push(link.itemId);

  const sectionById = new Map<number, SectionRecord>();
  const screens = new Map<string, SectionRecord[]>();
  for (const row of rows.sections) {
    const section = { id: row.id, name: row.name, sectionType: row.sectionType, collectionId: row.collectionId, items: [] };
    sectionById.set(row.id, section);
    screens.set(row.screen, [...(screens.get(row.screen) ?? []), section]);
  }
  for (const link of rows.sectionLinks) sectionById.get(link.sectionId)?.items.push(link.itemId);

  const plan = new Map<number, number[]>();
  for (const step of rows.plan) plan.set(step.day, [...(plan.get(step.day) ?? []), step.itemId]);

  return {
    items,
    listed: [...items.values()].filter((item) => item.parentId === null),
    tags: rows.tagRows,
    collections,
    screens,
    plan,
    planDays: plan.size === 0 ? 0 : Math.max(...plan.keys()),
    nextGoingLive: nextGoingLive(rows.items, at),
  };
}

/**
 * Keeps a snapshot for `ttlMs` (so content ingested by another process shows up within that time)
 * and reloads at once when asked for an id it does not know.
 */
export function createCatalogueCache(repository: CatalogueRepository, ttlMs = 30_000, now: () => number = Date.now) {
  let current: { snapshot: CatalogueSnapshot; loadedAt: number } | null = null;
  let loading: Promise<CatalogueSnapshot> | null = null;
  const reload = () => {
    loading ??= loadSnapshot(repository, new Date(now()))
      .then((snapshot) => {
        current = { snapshot, loadedAt: now() };
        return snapshot;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return {
    async get(): Promise<CatalogueSnapshot> {
      const goingLive = current?.snapshot.nextGoingLive;
      if (current && now() - current.loadedAt < ttlMs && !(goingLive && now() >= goingLive.getTime())) return current.snapshot;
      return reload();
    },
    /** The item with this id, reloading once if the snapshot does not know it yet. */
    async item(id: number): Promise<{ snapshot: CatalogueSnapshot; item: ItemRecord | undefined }> {
      let snapshot = await this.get();
      if (!snapshot.items.has(id) && current && now() - current.loadedAt > 1000) snapshot = await reload();
      return { snapshot, item: snapshot.items.get(id) };
    },
    invalidate() {
      current = null;
    },
  };
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
