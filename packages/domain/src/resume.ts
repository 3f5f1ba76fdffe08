import type { ContentModel } from "./content.ts";

/**
 * Where a member left an item, and whether the player offers to continue from there (decision 043). The
 * player saves its place while it plays; these rules decide what that place means.
 */

/** Music and soundscapes play in a loop until stopped: they keep no place to come back to. */
export const LOOPING_MODELS: readonly ContentModel[] = ["music-soundscape", "music-soundscape-playlist"];

export const keepsPosition = (model: ContentModel): boolean => !LOOPING_MODELS.includes(model);

/** Before this much (or a tenth of a short item), a member who comes back simply starts again. */
export const RESUME_MIN_SECONDS = 15;
/** Within this much of the end (or the last twentieth of a short item), the item counts as finished. */
export const RESUME_END_SECONDS = 30;
/** Continuing starts a few seconds early, so the member hears the end of the sentence they left. */
export const RESUME_REWIND_SECONDS = 3;
/** How many unfinished items home's 'Continue' shelf offers. */
export const CONTINUE_LIMIT = 10;
/** The longest item there is: a day (as for session reports). */
export const MAX_POSITION_SECONDS = 24 * 60 * 60;

/** Whether a place this near the end means the member finished the item. */
export function isFinished(position: number, duration: number): boolean {
  if (!(duration > 0)) return false;
  return position >= duration - Math.min(RESUME_END_SECONDS, duration / 20);
}

/**
 * The second to continue from, or null when the player should start at the beginning: the member barely
 * began, or finished. A few seconds before the saved place, never before 0.
 */
export function resumeAt(position: number, duration: number): number | null {
  if (!(duration > 0) || !(position >= 0)) return null;
  if (position < Math.min(RESUME_MIN_SECONDS, duration / 10) || isFinished(position, duration)) return null;
  return Math.max(0, Math.floor(position - RESUME_REWIND_SECONDS));
}

export const POSITION_MESSAGES = {
  beyondEnd: "The position must not be greater than the duration.",
  looping: "This item plays in a loop and keeps no place.",
} as const;

/** What is wrong with a saved place beyond its fields' own limits (Laravel-shaped errors per field). */
export function positionProblems(position: number, duration: number): Record<string, string[]> {
  // A second of slack: media elements report a duration that the last time update can pass slightly.
  return position > duration + 1 ? { position: [POSITION_MESSAGES.beyondEnd] } : {};
}
