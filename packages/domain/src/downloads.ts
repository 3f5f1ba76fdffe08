/**
 * Downloads for offline listening, and what the installed app keeps on the device (decision 047).
 *
 * - A member may download an item they may play now: a free item, or any item while they subscribe.
 *   One stream is kept: the audio of the voice chosen in the player when it has one (smaller, and what
 *   "listening" means), otherwise the stream the player has.
 * - A download lives only while the member may play it: when the account status says the member no
 *   longer subscribes, every premium download goes; logging out (or the session ending) removes
 *   every download and the kept catalogue.
 * - An HLS stream is kept whole: for a master playlist only its lowest rendition (fewest bits per
 *   second), with its own playlist, its `init.mp4` and every segment.
 * - The service worker keeps catalogue reads (an allow-list of GET /api/v1/ calls) for offline use,
 *   never tokens, payments, account or e-mail calls.
 */
import { matchAppRoute, type AppRoute } from "./app-routes.ts";
import { CONTENT_MODELS } from "./content.ts";

/** The Cache Storage names: downloads (media, covers, item answers and their records), and the kept catalogue. */
export const DOWNLOADS_CACHE = "serene-downloads";
export const CATALOGUE_CACHE = "serene-catalogue";
/** Records of downloads sit in the downloads cache under this path, followed by "{model}/{id}". */
export const DOWNLOAD_RECORD_PREFIX = "/offline/downloads/";

/** The stream fields an item may have, in the contracts' names. */
export type DownloadStreamField = "audio_male" | "audio_female" | "video_male" | "video_female" | "audio" | "video";

/** What the rules need to know of an item. */
export interface DownloadableItem {
  free: boolean;
  /** The stream fields the item has (with a playlist address). */
  streams: readonly DownloadStreamField[];
}

/**
 * Whether the member may download an item now: it has a stream, and it is free or they subscribe.
 * `subscriber` null (status not known yet) refuses, as the player would not play it either.
 */
export function mayDownload(item: DownloadableItem, subscriber: boolean | null): boolean {
  if (item.streams.length === 0) return false;
  return item.free || subscriber === true;
}

/**
 * The one stream a download keeps: the audio of the voice playing (or chosen) when there is one,
 * else the item's own audio, else the stream playing, else the first the item has. Null without any.
 */
export function downloadStreamField(
  streams: readonly DownloadStreamField[],
  playing: DownloadStreamField | null,
): DownloadStreamField | null {
  const voice = playing?.endsWith("_female") ? "female" : playing?.endsWith("_male") ? "male" : null;
  const preferred: DownloadStreamField[] = [
    ...(voice ? [`audio_${voice}` as const] : []),
    "audio",
    "audio_male",
    "audio_female",
    ...(playing ? [playing] : []),
  ];
  return preferred.find((field) => streams.includes(field)) ?? streams[0] ?? null;
}

/** A kept download as its record says. */
export interface DownloadRecordLike {
  free: boolean;
}

/**
 * The downloads to remove after the account status was read: every premium one when the member
 * no longer subscribes; none while they do. Free downloads stay for every signed-in member.
 */
export function downloadsToRemove<T extends DownloadRecordLike>(downloads: readonly T[], subscriber: boolean): T[] {
  return subscriber ? [] : downloads.filter((download) => !download.free);
}

/**
 * Whether the player treats the member as a subscriber on an item's page. A known status decides.
 * When the status cannot be read (no network) and the item is a premium download, it was
 * downloaded while the member subscribed, and stays only while they do (the status read next time
 * online removes it otherwise): it plays. Otherwise what is known stands (false, or null while asked).
 */
export function subscriberForPlayer(subscriber: boolean | null, statusUnavailable: boolean, premiumDownloaded: boolean): boolean | null {
  if (subscriber === true) return true;
  return statusUnavailable && premiumDownloaded ? true : subscriber;
}

/** One variant of a master playlist. */
export interface PlaylistVariant {
  uri: string;
  bandwidth: number;
  /** The variant's tag line as written (`#EXT-X-STREAM-INF:…`). */
  tag: string;
}

/** A playlist read: a master playlist's variants, or a media playlist's files (map first, then segments in order). */
export type ParsedPlaylist = { kind: "master"; variants: PlaylistVariant[] } | { kind: "media"; files: string[] };

const ATTRIBUTE_URI = /URI="([^"]+)"/;

/**
 * Reads an HLS playlist's text: a master playlist (`#EXT-X-STREAM-INF` lines, each followed by its
 * variant's address) or a media playlist (the `#EXT-X-MAP` init file and every segment line).
 * Addresses are returned as written (relative to the playlist). Throws on text that is not a playlist.
 */
export function parsePlaylist(text: string): ParsedPlaylist {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines[0] !== "#EXTM3U") throw new Error("Not an HLS playlist.");
  const variants: PlaylistVariant[] = [];
  const files: string[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith("#EXT-X-STREAM-INF:")) {
      const uri = lines[index + 1];
      if (!uri || uri.startsWith("#")) throw new Error("A variant without an address.");
      const bandwidth = Number(/(?:^|[:,])BANDWIDTH=(\d+)/.exec(line.slice("#EXT-X-STREAM-INF".length))?.[1] ?? Number.NaN);
      variants.push({ uri, bandwidth: Number.isFinite(bandwidth) ? bandwidth : Number.POSITIVE_INFINITY, tag: line });
      index += 1;
    } else if (line.startsWith("#EXT-X-MAP:")) {
      const uri = ATTRIBUTE_URI.exec(line)?.[1];
      if (uri) files.push(uri);
    } else if (!line.startsWith("#")) {
      files.push(line);
    }
  }
  if (variants.length > 0) return { kind: "master", variants };
  if (files.length === 0) throw new Error("A playlist without segments.");
  return { kind: "media", files };
}

/** The variant with the fewest bits per second (the first of equals). */
export function lowestVariant(variants: readonly PlaylistVariant[]): PlaylistVariant {
  if (variants.length === 0) throw new Error("A master playlist without variants.");
  return variants.reduce((lowest, variant) => (variant.bandwidth < lowest.bandwidth ? variant : lowest));
}

/**
 * The master playlist as it is kept offline: only the kept variant, so the player never reaches
 * for a rendition that is not on the device.
 */
export function singleVariantMaster(variant: PlaylistVariant): string {
  return `#EXTM3U\n#EXT-X-VERSION:7\n${variant.tag}\n${variant.uri}\n`;
}

const MODELS = CONTENT_MODELS.join("|");
/** The catalogue reads the service worker keeps (paths after /api/v1/). */
const CATALOGUE_READS: RegExp[] = [
  new RegExp(`^(${MODELS})$`),
  new RegExp(`^(${MODELS})/\\d+$`),
  new RegExp(`^(${MODELS})/\\d+/recommendations$`),
  /^screen\/[a-z0-9-]+$/,
  /^collection\/\d+$/,
  /^tags$/,
  /^personal-plan-by-day$/,
  /^recently-played$/,
  /^favorite$/,
  /^recommendation$/,
];

/**
 * Whether the service worker may keep a request's answer as catalogue: a GET under /api/v1/ on the
 * allow-list. Tokens, payments, the account, e-mail and every write are never kept.
 */
export function isKeptCatalogueRead(method: string, pathname: string): boolean {
  if (method !== "GET" || !pathname.startsWith("/api/v1/")) return false;
  const rest = pathname.slice("/api/v1/".length);
  return CATALOGUE_READS.some((pattern) => pattern.test(rest));
}

/**
 * The address a kept answer is stored under: the request's address without its `t` time stamp
 * (spec 000 section 7 sends a new one with every call), the other parameters in order.
 */
export function keptAnswerKey(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete("t");
  parsed.searchParams.sort();
  return parsed.toString();
}

/** What the service worker answers a page navigation with when the network fails. */
export type OfflineNavigation = "app-shell" | "offline-page";

/**
 * The members' area (and the player) opens from the kept app shell: a member's downloads and kept
 * catalogue are there. Public pages (sign-in, the quiz, the paywall) need the network: the offline
 * page says so and leads to the downloads.
 */
export function offlineNavigation(pathname: string, routes?: readonly AppRoute[]): OfflineNavigation {
  const route = matchAppRoute(pathname, routes);
  return route?.auth ? "app-shell" : "offline-page";
}

/** "287 KB", "1.4 MB": a download's size as the list shows it (decimal units, as people read them). */
export function formatDownloadSize(bytes: number): string {
  if (bytes < 1000) return `${Math.max(0, Math.round(bytes))} B`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
