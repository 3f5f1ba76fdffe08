/**
 * Where an ingested item is recorded. For now: <media dir>/ingested.json, an array of
 * CatalogueItem sorted by id (the streams themselves are already in manifest.json). This module
 * is the single place to switch to writing the database (content_items and friends) later.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CatalogueItem, MediaManifest } from "./catalogue";
import { mediaDirFromEnv } from "./media/hls";

export interface IngestedItem extends CatalogueItem {
  /** The manifest entries of the item's streams, by media path. */
  streams: MediaManifest;
}

export interface RegisterOptions {
  /** Default: MEDIA_DIR, else the shipped pack folder. */
  mediaDir?: string;
}

export const INGESTED_FILE = "ingested.json";

export async function readIngestedItems(mediaDir: string = mediaDirFromEnv()): Promise<CatalogueItem[]> {
  const path = join(mediaDir, INGESTED_FILE);
  if (!existsSync(path)) return [];
  const parsed = JSON.parse(await readFile(path, "utf8")) as unknown;
  if (!Array.isArray(parsed)) throw new Error(`${path} is not an array of items`);
  return parsed as CatalogueItem[];
}

/** Adds the item to ingested.json, replacing an earlier one with the same id. */
export async function registerIngestedItem(item: IngestedItem, options: RegisterOptions = {}): Promise<{ path: string; items: CatalogueItem[] }> {
  const mediaDir = options.mediaDir ?? mediaDirFromEnv();
  const { streams: _streams, ...record } = item;
  const items = (await readIngestedItems(mediaDir)).filter((existing) => existing.id !== item.id);
  items.push(record);
  items.sort((a, b) => a.id - b.id);
  const path = join(mediaDir, INGESTED_FILE);
  await mkdir(mediaDir, { recursive: true });
  await writeFile(`${path}.tmp`, `${JSON.stringify(items, null, 2)}\n`);
  await rename(`${path}.tmp`, path);
  return { path, items };
}
