/**
 * Listening sessions reported by the player and the statistics made of them
 * (spec 001 section 3: Session record, Session statistics).
 */

import { DAY_MS } from "./time.ts";

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

/*
 * Days in the member's own time zone (decision 034). A session counts on the calendar day it started, in the
 * zone the member's browser sends; days are YYYY-MM-DD strings, compared and counted as whole calendar days.
 */

export const TIME_ZONE_MESSAGE = "The tz must be a time zone, like Europe/London.";
/** The zone used when the member never sent one. */
export const DEFAULT_TIME_ZONE = "UTC";
/** How many days the minutes-per-day picture shows, ending today. */
export const SERIES_DAYS = 30;
/** How many days the practice calendar covers, ending today. */
export const CALENDAR_DAYS = 365;

// An IANA name (Area/Location, or UTC): never a bare offset like "+01:00", which PostgreSQL reads with the sign reversed.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hourCycle: "h23" });
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * The IANA name of a time zone as the product keeps it (`europe/berlin` → `Europe/Berlin`), or null when this
 * is not a zone Intl knows. Offsets and other free text are not zones.
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.length > 64 || !ZONE_NAME.test(value)) return null;
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
    // Intl answers its own canonical id, sometimes an older alias (Asia/Kolkata → Asia/Calcutta): keep the name
    // the member's browser sent, only in the canonical letter case when it is the same name.
    return name.toLowerCase() === value.toLowerCase() ? name : value;
  } catch {
    return null;
  }
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): string {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Days since 1970-01-01 of a YYYY-MM-DD day (calendar arithmetic, no zone involved). */
export const dayIndex = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** The YYYY-MM-DD day `count` days after `day` (before when negative). */
export const addDays = (day: string, count: number): string => new Date((dayIndex(day) + count) * DAY_MS).toISOString().slice(0, 10);

export interface Streaks {
  /** The run of consecutive days ending today or yesterday; 0 when the last day with listening is older. */
  current: number;
  /** The most consecutive days ever. */
  longest: number;
}

/** Streaks over days with listening, in any order and with repeats, as of `today` (same zone as the days). */
export function streaksOf(days: readonly string[], today: string): Streaks {
  const sorted = [...new Set(days.map(dayIndex))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && sorted[i] === sorted[i - 1]! + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const last = sorted.at(-1);
  // A day after today (a clock ahead of the member's) still belongs to the current run.
  const current = last !== undefined && dayIndex(today) - last <= 1 ? run : 0;
  return { current, longest };
}

/** The longest run of consecutive days among these (any order, repeats allowed). */
export const longestRun = (days: readonly string[]): number => streaksOf(days, "1970-01-01").longest;

/** `count` days ending `today`, oldest first, each with the whole minutes listened (0 when none). */
export function daySeries(
  minutesByDay: ReadonlyMap<string, number>,
  today: string,
  count = SERIES_DAYS,
): { date: string; minutes: number }[] {
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(today, i - count + 1);
    return { date, minutes: minutesByDay.get(date) ?? 0 };
  });
}

/** One day of listening in one zone: the roll-up row (listening_days). */
export interface ListeningDay {
  day: string;
  seconds: number;
  sessions: number;
  longestSeconds: number;
}

export interface DailyListeningStatistics extends ListeningStatistics {
  time_zone: string;
  today: string;
  last_30_days: { date: string; minutes: number }[];
  /** Seconds listened on each of the last 365 days, oldest first, ending today. */
  year_seconds: number[];
}

/**
 * What the database sums up over a zone's whole roll-up (decision 034), so a long history is read as one row:
 * totals, the best run of consecutive days, and the last run with its last day.
 */
export interface ListeningSummary {
  /** Days with listening. */
  days: number;
  sessions: number;
  seconds: number;
  longestSeconds: number;
  /** The most consecutive days ever. */
  longestRun: number;
  /** The length of the run that ends on `lastDay`. */
  lastRun: number;
  /** The latest day with listening; null without any. */
  lastDay: string | null;
}

/** The YYYY-MM-DD day of a day index (days since 1970-01-01). */
export function dayOfIndex(index: number): string {
  // The proleptic Gregorian calendar in whole numbers (H. Hinnant's civil_from_days): no Date object, since the
  // year calendar writes out 365 days per answer.
  const z = index + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

/** The best run and the last run of consecutive days, from distinct day indexes in ascending order. */
export function runsOf(ascendingDays: readonly number[]): { longest: number; last: number } {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < ascendingDays.length; i++) {
    run = i > 0 && ascendingDays[i] === ascendingDays[i - 1]! + 1 ? run + 1 : 1;
    if (run > longest) longest = run;
  }
  return { longest, last: run };
}

/** The summary of a roll-up (what GET /user/sessions reads from the database, and the tests' reference). */
export function summarizeDays(days: readonly ListeningDay[]): ListeningSummary {
  const listened = days.filter((d) => d.sessions > 0);
  const sorted = [...new Set(listened.map((d) => dayIndex(d.day)))].sort((a, b) => a - b);
  const runs = runsOf(sorted);
  return {
    days: sorted.length,
    sessions: listened.reduce((sum, d) => sum + d.sessions, 0),
    seconds: listened.reduce((sum, d) => sum + d.seconds, 0),
    longestSeconds: listened.reduce((max, d) => Math.max(max, d.longestSeconds), 0),
    longestRun: runs.longest,
    lastRun: runs.last,
    lastDay: sorted.length > 0 ? dayOfIndex(sorted.at(-1)!) : null,
  };
}

/**
 * The statistics of GET /user/sessions in `timeZone` as of `now`: the same meaning as `listeningStatistics`, with
 * days counted in that zone. Mindful days are distinct local days; the current streak (`total_streak`) is the
 * last run when it ends today or yesterday there; the pictures are the last 30 days' minutes and the last 365
 * days' seconds (both ending today). `recent` needs the days of the last 365 only, as day indexes (days since
 * 1970-01-01): a long history's year is then a loop over integers.
 */
export function summaryStatistics(
  summary: ListeningSummary,
  recent: readonly { index: number; seconds: number }[],
  timeZone: string,
  now: Date,
): DailyListeningStatistics {
  const today = localDay(now, timeZone);
  const todayIndex = dayIndex(today);
  const current = summary.lastDay !== null && todayIndex - dayIndex(summary.lastDay) <= 1 ? summary.lastRun : 0;
  const minutes = new Map<number, number>();
  const yearSeconds = new Array<number>(CALENDAR_DAYS).fill(0);
  const firstOfYear = todayIndex - CALENDAR_DAYS + 1;
  for (const d of recent) {
    minutes.set(d.index, Math.floor(d.seconds / 60));
    if (d.index >= firstOfYear && d.index <= todayIndex)
      yearSeconds[d.index - firstOfYear] = (yearSeconds[d.index - firstOfYear] ?? 0) + d.seconds;
  }
  return {
    mindful_days: summary.days,
    total_sessions: summary.sessions,
    mindful_minutes: Math.floor(summary.seconds / 60),
    longest_streak: summary.longestRun,
    total_streak: current,
    longest_minute_session: Math.floor(summary.longestSeconds / 60),
    time_zone: timeZone,
    today,
    last_30_days: Array.from({ length: SERIES_DAYS }, (_, i) => {
      const index = todayIndex - SERIES_DAYS + 1 + i;
      return { date: dayOfIndex(index), minutes: minutes.get(index) ?? 0 };
    }),
    year_seconds: yearSeconds,
  };
}

/** The statistics from a zone's whole roll-up (see summaryStatistics). */
export function dailyListeningStatistics(days: readonly ListeningDay[], timeZone: string, now: Date): DailyListeningStatistics {
  return summaryStatistics(
    summarizeDays(days),
    days.filter((d) => d.sessions > 0).map((d) => ({ index: dayIndex(d.day), seconds: d.seconds })),
    timeZone,
    now,
  );
}

/** Adds one reported session to a zone's roll-up (the same sums the database keeps with ON CONFLICT DO UPDATE). */
export function addToDays(days: readonly ListeningDay[], session: { startedAt: Date; seconds: number }, timeZone: string): ListeningDay[] {
  const day = localDay(session.startedAt, timeZone);
  const found = days.find((d) => d.day === day);
  if (!found) return [...days, { day, seconds: session.seconds, sessions: 1, longestSeconds: session.seconds }];
  return days.map((d) =>
    d === found
      ? { day, seconds: d.seconds + session.seconds, sessions: d.sessions + 1, longestSeconds: Math.max(d.longestSeconds, session.seconds) }
      : d,
  );
}
