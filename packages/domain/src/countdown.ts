/**
 * The countdown of a checkout's timed offer (spec 000 sections 4 and 9; docs/decisions/030-honest-offers.md).
 *
 * The offer runs `hours` from a person's first visit and never restarts: the deadline is fixed once
 * (on the server for a member or a lead, in the browser for a visitor) and the page only counts
 * down to it. The display is DD:HH:MM:SS and begins at 00:04:00:00 for the demo's 4-hour offer;
 * a partly elapsed second still counts as a whole one, so the first second shows the full length
 * and 00:00:00:00 is shown only once the deadline has passed.
 */

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Milliseconds left until the deadline, never below zero. */
export function offerRemainingMs(deadlineMs: number, nowMs: number): number {
  return Math.max(0, deadlineMs - nowMs);
}

/** True once the deadline is reached: the offer's packages and price are gone from the page. */
export function offerEnded(deadlineMs: number, nowMs: number): boolean {
  return offerRemainingMs(deadlineMs, nowMs) === 0;
}

/** Whole seconds left, rounded up, split into days, hours, minutes and seconds. */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.ceil(Math.max(0, remainingMs) / SECOND_MS);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (value: number) => String(value).padStart(2, "0");

/** DD:HH:MM:SS, each part at least two digits: 4 hours → "00:04:00:00". */
export function formatCountdown(remainingMs: number): string {
  const parts = countdownParts(remainingMs);
  return [parts.days, parts.hours, parts.minutes, parts.seconds].map(two).join(":");
}

/** When a visitor's offer started (its deadline less its length), as the member's first visit reports it. */
export const offerStartMs = (deadlineMs: number, hours: number) => deadlineMs - hours * HOUR_MS;
