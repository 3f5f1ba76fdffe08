import type { ContentItem, ContentItemResponse, Stream } from "@serene/contracts";
import {
  DOWNLOAD_RECORD_PREFIX,
  DOWNLOADS_CACHE,
  downloadStreamField,
  downloadsToRemove,
  lowestVariant,
  parsePlaylist,
  singleVariantMaster,
  type ContentModel,
  type DownloadStreamField,
} from "@serene/domain";
import { getContentItem } from "../api/content";
import { ensureSignedCookies } from "../api/signed-cookies";
import { offlineDataChanged } from "../../../lib/offline-data";

/**
 * Downloads for offline listening (decision 047): one stream of an item, its playlist (a master
 * playlist's lowest rendition), init file, segments and captions, its cover and its API answer,
 * kept in Cache Storage, where the service worker answers them from when there is no network.
 */
export interface DownloadRecord {
  model: ContentModel;
  id: number;
  name: string;
  cover: string;
  free: boolean;
  /** Bytes on the device (media, cover and the item's answer). */
  bytes: number;
  /** The stream kept. */
  stream: DownloadStreamField;
  /** When it was kept (ISO 8601). */
  saved_at: string;
  /** Every address kept for it (media, cover and the item's answer). */
  files: string[];
}

const STREAM_FIELDS: DownloadStreamField[] = ["audio_male", "audio_female", "video_male", "video_female", "audio", "video"];

export const hasCacheStorage = () => typeof caches !== "undefined";

const absolute = (address: string) => new URL(address, window.location.origin).toString();
const recordKey = (model: ContentModel, id: number) => absolute(`${DOWNLOAD_RECORD_PREFIX}${model}/${id}`);
/** The item's answer as the service worker looks it up (no `t` time stamp). */
const itemKey = (model: ContentModel, id: number) => absolute(`/api/v1/${model}/${id}`);

/** The stream fields an item has. */
export function streamsOf(item: Pick<ContentItem, DownloadStreamField>): DownloadStreamField[] {
  return STREAM_FIELDS.filter((field) => (item[field] as Stream)?.hls.playlist);
}

async function openDownloads(): Promise<Cache> {
  return caches.open(DOWNLOADS_CACHE);
}

/** Every download on this device, newest first. */
export async function listDownloads(): Promise<DownloadRecord[]> {
  if (!hasCacheStorage() || !(await caches.has(DOWNLOADS_CACHE))) return [];
  const cache = await openDownloads();
  const prefix = absolute(DOWNLOAD_RECORD_PREFIX);
  const keys = (await cache.keys()).filter((request) => request.url.startsWith(prefix));
  const records = await Promise.all(keys.map(async (request) => (await cache.match(request))?.json() as Promise<DownloadRecord>));
  return records.filter(Boolean).sort((a, b) => b.saved_at.localeCompare(a.saved_at));
}

/** The download of one item, or null. */
export async function findDownload(model: ContentModel, id: number): Promise<DownloadRecord | null> {
  if (!hasCacheStorage() || !(await caches.has(DOWNLOADS_CACHE))) return null;
  const found = await (await openDownloads()).match(recordKey(model, id));
  return found ? ((await found.json()) as DownloadRecord) : null;
}

/** Removes one download: its files (those no other download shares), its answer and its record. */
export async function removeDownload(model: ContentModel, id: number): Promise<void> {
  if (!hasCacheStorage()) return;
  const records = await listDownloads();
  const record = records.find((entry) => entry.model === model && entry.id === id);
  const cache = await openDownloads();
  if (record) {
    const shared = new Set(records.filter((entry) => entry !== record).flatMap((entry) => entry.files));
    await Promise.all(record.files.filter((file) => !shared.has(file)).map((file) => cache.delete(file)));
  }
  await cache.delete(recordKey(model, id));
  offlineDataChanged();
}

/** Removes the downloads a member may no longer play (every premium one once they no longer subscribe). */
export async function pruneDownloads(subscriber: boolean): Promise<number> {
  const gone = downloadsToRemove(await listDownloads(), subscriber);
  for (const record of gone) await removeDownload(record.model, record.id);
  return gone.length;
}

async function fetchMedia(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { credentials: "include", signal });
  if (response.status === 403) {
    await ensureSignedCookies(true);
    const again = await fetch(url, { credentials: "include", signal });
    if (again.ok) return again;
  }
  if (!response.ok) throw new Error(`The download stopped: ${response.status} for ${new URL(url).pathname}`);
  return response;
}

/** An answer kept with its body, reporting its size. */
async function keep(cache: Cache, url: string, response: Response): Promise<number> {
  const body = await response.arrayBuffer();
  const headers = new Headers({ "content-type": response.headers.get("content-type") ?? "application/octet-stream" });
  headers.set("content-length", String(body.byteLength));
  await cache.put(url, new Response(body, { status: 200, headers }));
  return body.byteLength;
}

export interface DownloadRequest {
  model: ContentModel;
  id: number;
  /** The stream playing or chosen in the player, if any: the download keeps that voice's audio. */
  playing: DownloadStreamField | null;
  /** Called with 0 to 100 as files arrive. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Downloads an item for offline listening. A failure removes whatever was kept on the way, so a
 * download is either whole or absent. Resolves with its record.
 */
export async function downloadItem({ model, id, playing, onProgress, signal = new AbortController().signal }: DownloadRequest) {
  // The item's own answer (a course's session has one too): what its page reads offline.
  const item = await getContentItem(model, id, signal);
  const field = downloadStreamField(streamsOf(item), playing);
  const stream = field ? (item[field] as Stream) : null;
  if (!field || !stream) throw new Error("This item has nothing to download.");
  await ensureSignedCookies();
  const cache = await openDownloads();
  const files: string[] = [];
  let bytes = 0;
  try {
    const playlistUrl = absolute(stream.hls.playlist);
    const text = await (await fetchMedia(playlistUrl, signal)).text();
    const parsed = parsePlaylist(text);
    let mediaUrl = playlistUrl;
    let mediaText = text;
    if (parsed.kind === "master") {
      const variant = lowestVariant(parsed.variants);
      mediaUrl = new URL(variant.uri, playlistUrl).toString();
      mediaText = await (await fetchMedia(mediaUrl, signal)).text();
      // The master playlist is kept naming only the kept rendition.
      const master = singleVariantMaster(variant);
      await cache.put(playlistUrl, new Response(master, { headers: { "content-type": "application/vnd.apple.mpegurl" } }));
      files.push(playlistUrl);
      bytes += master.length;
    }
    const media = parsePlaylist(mediaText);
    if (media.kind !== "media") throw new Error("A master playlist inside a master playlist.");
    await cache.put(mediaUrl, new Response(mediaText, { headers: { "content-type": "application/vnd.apple.mpegurl" } }));
    files.push(mediaUrl);
    bytes += mediaText.length;

    const rest = [
      ...media.files.map((file) => new URL(file, mediaUrl).toString()),
      ...(stream.hls.captions ? [absolute(stream.hls.captions)] : []),
      absolute(item.cover),
    ];
    const total = rest.length;
    onProgress?.(0);
    for (const [index, url] of rest.entries()) {
      if (!files.includes(url)) {
        bytes += await keep(cache, url, await fetchMedia(url, signal));
        files.push(url);
      }
      onProgress?.(Math.floor(((index + 1) / total) * 100));
    }

    // The item's answer as it plays offline: the kept stream only, no bed (it is not on the device).
    const answer: ContentItemResponse = { data: { ...keptStreamOnly(item, field), soundscape: null } };
    const answerText = JSON.stringify(answer);
    await cache.put(itemKey(model, item.id), new Response(answerText, { headers: { "content-type": "application/json" } }));
    files.push(itemKey(model, item.id));
    bytes += answerText.length;

    const record: DownloadRecord = {
      model,
      id: item.id,
      name: item.name,
      cover: absolute(item.cover),
      free: item.free,
      bytes,
      stream: field,
      saved_at: new Date().toISOString(),
      files,
    };
    await cache.put(recordKey(model, item.id), new Response(JSON.stringify(record), { headers: { "content-type": "application/json" } }));
    offlineDataChanged();
    return record;
  } catch (error) {
    const others = new Set((await listDownloads().catch(() => [])).flatMap((entry) => entry.files));
    await Promise.all(files.filter((file) => !others.has(file)).map((file) => cache.delete(file)));
    throw error;
  }
}

function keptStreamOnly(item: ContentItem, field: DownloadStreamField): ContentItem {
  const copy = { ...item };
  for (const other of STREAM_FIELDS) if (other !== field) copy[other] = null;
  return copy;
}
