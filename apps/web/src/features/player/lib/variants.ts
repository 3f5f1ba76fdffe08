import type { Stream } from "@serene/contracts";

/**
 * Which stream the player plays (spec 001 sections 2 and 4): a voiced item has up to four
 * variants (male or female voice, audio or video); music and soundscapes have their own audio and
 * video and no voice.
 */
export type Format = "video" | "audio";
export type Voice = "male" | "female";

export interface Variant {
  format: Format;
  /** null for music and soundscapes, which have no voice. */
  voice: Voice | null;
}

/** The stream fields of an item or a session. */
export interface Streams {
  video_male: Stream;
  video_female: Stream;
  audio_male: Stream;
  audio_female: Stream;
  audio: Stream;
  video: Stream;
}

export type StreamField = keyof Streams;

export const NO_URL_TO_SWITCH = "No url exists to switch";
export const AUDIO_URL_MISSING = "Audio url does not exist";
export const VIDEO_URL_MISSING = "Video url does not exist";

/** The order of the initial choice: male video, male audio, female video, female audio. */
const VOICED_ORDER: Variant[] = [
  { format: "video", voice: "male" },
  { format: "audio", voice: "male" },
  { format: "video", voice: "female" },
  { format: "audio", voice: "female" },
];
/** Music: its video first, then its audio, the same way a voiced item prefers video. */
const MUSIC_ORDER: Variant[] = [
  { format: "video", voice: null },
  { format: "audio", voice: null },
];

export function streamField({ format, voice }: Variant): StreamField {
  return voice ? `${format}_${voice}` : format;
}

/** The playlist address of a variant, or null when it does not exist (or may not be played). */
export function urlOf(streams: Streams, variant: Variant): string | null {
  return streams[streamField(variant)]?.hls.playlist ?? null;
}

const VOICED_FIELDS: StreamField[] = ["video_male", "audio_male", "video_female", "audio_female"];

/**
 * An item is music when it has no voiced stream at all but its own audio or video. An item with no
 * stream at all counts as voiced unless its model says music.
 */
export function isMusicStreams(streams: Streams, musicModel: boolean): boolean {
  if (VOICED_FIELDS.some((field) => streams[field])) return false;
  if (streams.audio || streams.video) return true;
  return musicModel;
}

/** Every variant that exists, in preference order. */
export function availableVariants(streams: Streams, music: boolean): Variant[] {
  return (music ? MUSIC_ORDER : VOICED_ORDER).filter((variant) => urlOf(streams, variant) !== null);
}

/**
 * The first variant that exists in preference order; when none does, the first of the order, whose
 * Play then says 'Url does not exist'.
 */
export function initialVariant(streams: Streams, music: boolean): Variant {
  return availableVariants(streams, music)[0] ?? (music ? MUSIC_ORDER : VOICED_ORDER)[0]!;
}

export interface SwitchState {
  /** Where the switch goes, or null when it is disabled. */
  target: Variant | null;
  /** Why it is disabled; null when it is enabled. */
  tooltip: string | null;
}

const same = (a: Variant, b: Variant) => a.format === b.format && a.voice === b.voice;
const other = <T extends string>(value: T, pair: readonly [T, T]): T => (value === pair[0] ? pair[1] : pair[0]);

/**
 * The audio/video switch: it keeps the voice when that voice has the other format, else takes the
 * other voice's. Disabled when nothing but the current stream exists ('No url exists to switch'),
 * otherwise when the other format does not exist ('Audio url does not exist' or 'Video url does not exist').
 */
export function formatSwitch(streams: Streams, music: boolean, current: Variant): SwitchState {
  const others = availableVariants(streams, music).filter((variant) => !same(variant, current));
  if (others.length === 0) return { target: null, tooltip: NO_URL_TO_SWITCH };
  const format = other(current.format, ["video", "audio"] as const);
  const candidates = others.filter((variant) => variant.format === format);
  const target = candidates.find((variant) => variant.voice === current.voice) ?? candidates[0] ?? null;
  if (target) return { target, tooltip: null };
  return { target: null, tooltip: format === "audio" ? AUDIO_URL_MISSING : VIDEO_URL_MISSING };
}

/**
 * The male/female switch: it keeps the format when the other voice has it, else takes the other
 * voice's other format. Disabled for music (no voice) and when the other voice has no stream:
 * 'No url exists to switch'.
 */
export function voiceSwitch(streams: Streams, music: boolean, current: Variant): SwitchState {
  if (music || !current.voice) return { target: null, tooltip: NO_URL_TO_SWITCH };
  const voice = other(current.voice, ["male", "female"] as const);
  const candidates = availableVariants(streams, false).filter((variant) => variant.voice === voice);
  const target = candidates.find((variant) => variant.format === current.format) ?? candidates[0] ?? null;
  return target ? { target, tooltip: null } : { target: null, tooltip: NO_URL_TO_SWITCH };
}

const ALL_FIELDS: StreamField[] = [...VOICED_FIELDS, "audio", "video"];

/**
 * Whether Play opens the subscription offer instead of playing. The server sends stream addresses
 * only for what the member may play, so a premium entry without any is locked even while the
 * member's own status (`subscriber`, null until known) is still loading; a subscriber never is.
 */
export function isLocked(entry: Streams & { free: boolean }, subscriber: boolean | null): boolean {
  if (entry.free || subscriber === true) return false;
  return subscriber === false || !ALL_FIELDS.some((field) => entry[field]?.hls.playlist);
}

/**
 * Whether the item offers a choice of format, or of voice (decision 043): a switch shows only when both of its
 * sides exist for the item in some form. A switch between two that exist can still be disabled for the
 * variant playing now, with spec 001's tooltip saying why.
 */
export function switchesFor(streams: Streams, music: boolean): { format: boolean; voice: boolean } {
  const variants = availableVariants(streams, music);
  const has = (test: (variant: Variant) => boolean) => variants.some(test);
  return {
    format: has((variant) => variant.format === "audio") && has((variant) => variant.format === "video"),
    voice: !music && has((variant) => variant.voice === "male") && has((variant) => variant.voice === "female"),
  };
}
