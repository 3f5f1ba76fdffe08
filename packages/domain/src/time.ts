/** Time terms shared by the API, the web app and the rules here. */

/** One day in milliseconds: the unit of trial lengths, link lifetimes, streaks and plan days. */
export const DAY_MS = 86_400_000;

/** One hour in milliseconds: the unit of checkout offers. */
export const HOUR_MS = 3_600_000;

/** UTC to the second, ending in Z (2026-01-31T08:30:00Z): the form the player reports and the API answers (spec 001 section 3). */
export function toUtcSecond(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
