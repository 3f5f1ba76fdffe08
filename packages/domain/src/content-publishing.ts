/**
 * Publishing an item of the catalogue from the console (issue 29, decision 070). An item is a draft
 * while it is prepared, published (now, or from a moment set ahead: scheduled) once members may find
 * it, and withdrawn when it must leave every shelf, search and plan at once (a rights problem, a
 * mistake). Members see an item only while it is *live*: published, its moment come, and, for a
 * session of a course or an audio of a playlist, its course or playlist live too.
 */
export const CONTENT_STATUSES = ["draft", "published", "withdrawn"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The states the console shows and filters by. */
export const CONTENT_STATES = ["draft", "scheduled", "published", "withdrawn"] as const;
/** The models an item made in the console can have: one stream each (courses and playlists come from the catalogue file). */
export const EDITABLE_MODELS = ["meditation-sleep", "music-soundscape", "cbt"] as const;

export const isContentStatus = (value: unknown): value is ContentStatus => CONTENT_STATUSES.includes(value as ContentStatus);

export interface Publishable {
  status: string;
  /** From when members see it; null: as soon as it is published. */
  publishAt: Date | null;
}

/** Whether members see the item now (a parent's own state is checked by the caller). */
export const isLive = (item: Publishable, now: Date): boolean =>
  item.status === "published" && (item.publishAt === null || item.publishAt.getTime() <= now.getTime());

/** What the console shows for an item: its status, with a publication still ahead called scheduled. */
export type ContentState = ContentStatus | "scheduled";
export const contentState = (item: Publishable, now: Date): ContentState =>
  item.status === "published" && !isLive(item, now) ? "scheduled" : (item.status as ContentStatus);

/** The next moment an item scheduled ahead goes live, when the catalogue members see must change by itself; null when none is. */
export function nextGoingLive(items: Iterable<Publishable>, now: Date): Date | null {
  let next: Date | null = null;
  for (const item of items) {
    if (item.status !== "published" || item.publishAt === null || item.publishAt.getTime() <= now.getTime()) continue;
    if (next === null || item.publishAt < next) next = item.publishAt;
  }
  return next;
}

/** The furthest ahead a publication may be scheduled. */
export const SCHEDULE_MAX_DAYS = 366;

/** Why a publication moment is refused, or null: not in the past (a minute's grace for a clock) and within a year. */
export function scheduleRefusal(publishAt: Date, now: Date): string | null {
  if (Number.isNaN(publishAt.getTime())) return "Give the moment as a date and time.";
  if (publishAt.getTime() < now.getTime() - 60_000) return "The moment to publish must not be in the past.";
  if (publishAt.getTime() > now.getTime() + SCHEDULE_MAX_DAYS * 86_400_000)
    return `A publication may be scheduled at most ${SCHEDULE_MAX_DAYS} days ahead.`;
  return null;
}
