/**
 * Listening sessions reported by the player and the statistics made of them
 * (spec 001 section 3: Session record, Session statistics).
 */

import { DAY_MS } from "./time";

/** The longest stretch one report may cover; anything longer is a clock error. */
export const MAX_SESSION_SECONDS = 24 * 60 * 60;
/** How far in the future an end time may lie (clock drift). */
export const SESSION_CLOCK_SKEW_SECONDS = 5 * 60;
/**
 * The earliest start a report may have. Anything before is a broken clock, and the database cannot
 * store every such time (year 0 does not exist in PostgreSQL's calendar).
 */
export const EARLIEST_SESSION_START = "2000-01-01T00:00:00Z";

export const SESSION_MESSAGES = {
  order: "The end session must be a time after the start session.",
  tooLong: "A session may not be longer than 24 hours.",
  future: "The end session may not be in the future.",
  tooOld: "The start session may not be before 2000-01-01.",
} as const;

/** Problems with a reported session, per field; empty when it can be kept (started in 2000 or later, ended after it started, within 24 hours, not in the future). */
export function sessionReportProblems(start: Date, end: Date, now: Date): Record<string, string[]> {
  if (start.getTime() < Date.parse(EARLIEST_SESSION_START)) return { start_session: [SESSION_MESSAGES.tooOld] };
  const seconds = (end.getTime() - start.getTime()) / 1000;
  if (seconds < 0) return { end_session: [SESSION_MESSAGES.order] };
  if (seconds > MAX_SESSION_SECONDS) return { end_session: [SESSION_MESSAGES.tooLong] };
  if (end.getTime() - now.getTime() > SESSION_CLOCK_SKEW_SECONDS * 1000) return { end_session: [SESSION_MESSAGES.future] };
  return {};
}

export interface ListeningStatistics {
  /** Distinct UTC days with any listening. */
  mindful_days: number;
  total_sessions: number;
  /** Whole minutes listened in all. */
  mindful_minutes: number;
  /** The most consecutive days with listening, ever. */
  longest_streak: number;
  /** The current run of consecutive days, ending today or yesterday (0 when broken). */
  total_streak: number;
  /** The longest single session, in whole minutes. */
  longest_minute_session: number;
}

const dayNumber = (date: Date) => Math.floor(date.getTime() / DAY_MS);

/** Statistics over every session of one member, as of `now`. */
export function listeningStatistics(sessions: readonly { startedAt: Date; seconds: number }[], now: Date): ListeningStatistics {
  const days = [...new Set(sessions.map((s) => dayNumber(s.startedAt)))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && days[i] === days[i - 1]! + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const today = dayNumber(now);
  const last = days.at(-1);
  const current = last !== undefined && today - last <= 1 ? run : 0;
  const totalSeconds = sessions.reduce((sum, s) => sum + s.seconds, 0);
  const longestSession = sessions.reduce((max, s) => Math.max(max, s.seconds), 0);
  return {
    mindful_days: days.length,
    total_sessions: sessions.length,
    mindful_minutes: Math.floor(totalSeconds / 60),
    longest_streak: longest,
    total_streak: current,
    longest_minute_session: Math.floor(longestSession / 60),
  };
}
