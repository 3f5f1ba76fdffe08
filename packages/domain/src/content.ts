/**
 * The catalogue's vocabulary (spec 001 sections 1 to 3) and the rules about who may play what.
 */

/** The content models; a content link is /{model}/{id} and the player accepts exactly these sections. */
export const CONTENT_MODELS = [
  "meditation-sleep",
  "meditation-sleep-course",
  "music-soundscape",
  "music-soundscape-playlist",
  "cbt",
  "cbt-course",
] as const;
export type ContentModel = (typeof CONTENT_MODELS)[number];

export function isContentModel(value: string): value is ContentModel {
  return (CONTENT_MODELS as readonly string[]).includes(value);
}

/** Models that hold a list of sessions (courses) or audios (playlists) instead of one stream. */
export const LIST_MODELS: readonly ContentModel[] = ["meditation-sleep-course", "cbt-course", "music-soundscape-playlist"];

export function isListModel(model: ContentModel): boolean {
  return LIST_MODELS.includes(model);
}

/** The model of the items inside a course or playlist. */
export function childModelOf(model: ContentModel): ContentModel {
  if (model === "meditation-sleep-course") return "meditation-sleep";
  if (model === "cbt-course") return "cbt";
  if (model === "music-soundscape-playlist") return "music-soundscape";
  return model;
}

export const CONTENT_TYPES = [
  "Meditations",
  "Sleepcasts",
  "Cognitive Behavioral Therapy",
  "Relaxing Music",
  "Nature Soundscapes",
  "Breathing Exercises",
  "Affirmations",
  "Body Psychotherapy",
  "Journal",
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * The kinds of section a screen is made of (GET /screen/{name} answers them as section_type).
 * The daily meditation rotates and the personal plan follows the member's day (spec 001 section 2).
 */
export const SECTION_TYPES = ["Daily Meditation", "Personal Plan", "Workbooks", "Collection", "Featured"] as const;
export type SectionType = (typeof SECTION_TYPES)[number];
export const DAILY_MEDITATION_SECTION: SectionType = "Daily Meditation";
export const PERSONAL_PLAN_SECTION: SectionType = "Personal Plan";
export const WORKBOOKS_SECTION: SectionType = "Workbooks";

/** The screens made of sections: GET /screen/{name}. */
export const SCREEN_NAMES = ["home", "meditation", "music", "sleep", "therapy"] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

/** Stream fields of a content item and their media folder names. */
export const MEDIA_VARIANTS = {
  video_male: "video-male",
  audio_male: "audio-male",
  video_female: "video-female",
  audio_female: "audio-female",
  audio: "audio",
  video: "video",
} as const;
export type MediaVariant = keyof typeof MEDIA_VARIANTS;

/** A member may play an item when it is free or when they hold a subscription (premium, free trial or corporate). */
export function canPlay(item: { free: boolean }, subscriber: boolean): boolean {
  return item.free || subscriber;
}

/**
 * The media a signed cookie covers: everything for a subscriber, the free folder for everyone else.
 * `mediaBaseUrl` is the absolute address media is served from (no trailing slash).
 */
export function mediaResourceFor(mediaBaseUrl: string, subscriber: boolean): string {
  return subscriber ? `${mediaBaseUrl}/*` : `${mediaBaseUrl}/free/*`;
}

/** Minutes shown for a stream of this many seconds (at least 1 for any sound at all). */
export function durationMinutes(seconds: number | null | undefined): number | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.max(1, Math.round(seconds / 60));
}

/** A session counts as complete once the member listened to this share of it in one go (one report). */
export const COMPLETE_SHARE = 0.8;

/** The seconds one report must reach for an item of this length to be complete; null when its length is unknown. */
export function secondsToComplete(durationSeconds: number | null | undefined): number | null {
  if (durationSeconds == null || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  return Math.ceil(durationSeconds * COMPLETE_SHARE);
}

/** Whether the member's longest single session of an item completes it (never for an item of unknown length). */
export function isComplete(longestSeconds: number, durationSeconds: number | null | undefined): boolean {
  const needed = secondsToComplete(durationSeconds);
  return needed !== null && longestSeconds >= durationSeconds! * COMPLETE_SHARE;
}

/** "Evening Calm, Part 2!" -> "evening-calm-part-2". */
export function slugify(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/['’]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/g, "") || "item"
  );
}
