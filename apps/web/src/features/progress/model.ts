import type { DayMinutes, SessionStatistics } from "@serene/contracts";
import { longestRun } from "@serene/domain";

/**
 * What the dashboard draws from GET /user/sessions (decision 036), as pure functions: the labels and
 * the fields behind them, the bars of the last 30 days and the year calendar's weeks.
 */

type Field = keyof Pick<
  SessionStatistics,
  "mindful_days" | "total_sessions" | "mindful_minutes" | "longest_streak" | "total_streak" | "longest_minute_session"
>;
/** A field of the statistics, or `year_longest_streak`: the best run among the calendar's days (decision 034). */
type Figure = Field | "year_longest_streak";

/** The days of the calendar's year with any listening, oldest first, with their whole minutes (from `year_seconds`). */
export function practiceDays(stats: Pick<SessionStatistics, "today" | "year_seconds">): DayMinutes[] {
  const first = stats.year_seconds.length - 1;
  return stats.year_seconds.flatMap((seconds, index) =>
    seconds > 0 ? [{ date: addDays(stats.today, index - first), minutes: Math.floor(seconds / 60) }] : [],
  );
}

/** The number a figure shows. */
export function figureValue(stats: SessionStatistics, figure: Figure): number {
  if (figure === "year_longest_streak") return longestRun(practiceDays(stats).map((day) => day.date));
  return stats[figure];
}

/** 'My Progress' (spec 001 "Dashboard"): each label with the field it shows. */
export const MY_PROGRESS: readonly { label: string; field: Figure }[] = [
  { label: "Mindful Days", field: "mindful_days" },
  { label: "Total Sessions", field: "total_sessions" },
  { label: "Mindful Minutes (min)", field: "mindful_minutes" },
  { label: "Longest Streak (days)", field: "longest_streak" },
];

/**
 * 'My Streaks'. "Total streak" is the current run of days (ending today or yesterday); "Current longest
 * streak" is the best run within the last 365 days, the year the calendar shows (decision 034).
 */
export const MY_STREAKS: readonly { label: string; field: Figure }[] = [
  { label: "Total streak", field: "total_streak" },
  { label: "Longest session (min)", field: "longest_minute_session" },
  { label: "Current longest streak (days)", field: "year_longest_streak" },
];

/** A member who has never finished a session sees an invitation instead of zeros. */
export const isNewMember = (stats: Pick<SessionStatistics, "total_sessions">) => stats.total_sessions === 0;

const DAY_MS = 86_400_000;
/** A calendar day (YYYY-MM-DD) as a UTC instant, so adding days never meets a clock change. */
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY_MS);

const dayFormat = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
const longDayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const shortDayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" });
const monthYearFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "Tue 3 Mar": a day as the chart's tooltips name it. */
export const formatDay = (date: string) => dayFormat.format(toUtc(date));
/** "Tuesday 3 March 2026". */
export const formatLongDay = (date: string) => longDayFormat.format(toUtc(date));
/** "3 Mar". */
export const formatShortDay = (date: string) => shortDayFormat.format(toUtc(date));

export const minutesLabel = (minutes: number) => (minutes === 0 ? "no practice" : `${minutes} min`);

/** The top of the minutes scale: a round number at or above the busiest day (10 at least). */
export function scaleTop(max: number): number {
  if (max <= 10) return 10;
  const steps = [15, 20, 30, 40, 60, 90, 120, 180, 240, 360, 480, 720, 960, 1440];
  return steps.find((step) => step >= max) ?? Math.ceil(max / 60) * 60;
}

export interface Bar {
  date: string;
  minutes: number;
  /** 0..1 of the scale's height. */
  height: number;
  isToday: boolean;
}

export interface MinutesChart {
  bars: Bar[];
  top: number;
  total: number;
  activeDays: number;
}

/** The bars of the last 30 days (oldest first, as the API sends them). */
export function minutesChart(days: readonly DayMinutes[], today: string): MinutesChart {
  const max = Math.max(0, ...days.map((day) => day.minutes));
  const top = scaleTop(max);
  return {
    bars: days.map((day) => ({
      date: day.date,
      minutes: Math.max(0, day.minutes),
      height: Math.min(1, Math.max(0, day.minutes) / top),
      isToday: day.date === today,
    })),
    top,
    total: days.reduce((sum, day) => sum + Math.max(0, day.minutes), 0),
    activeDays: days.filter((day) => day.minutes > 0).length,
  };
}

/** How deep a calendar day's colour is: 0 none, then under 10, under 20, under 40, and 40 minutes or more. */
export const LEVEL_LIMITS = [1, 10, 20, 40] as const;
export function level(minutes: number): 0 | 1 | 2 | 3 | 4 {
  if (minutes < LEVEL_LIMITS[0]) return 0;
  if (minutes < LEVEL_LIMITS[1]) return 1;
  if (minutes < LEVEL_LIMITS[2]) return 2;
  if (minutes < LEVEL_LIMITS[3]) return 3;
  return 4;
}

export interface CalendarDay {
  date: string;
  minutes: number;
  level: 0 | 1 | 2 | 3 | 4;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

export interface YearCalendar {
  /** Columns of seven rows (Monday first); null where the week reaches outside the year shown. */
  weeks: (CalendarDay | null)[][];
  /** Where a month starts: the column of its first day and its short name. */
  months: { column: number; label: string }[];
  /** Totals per month, oldest first, for the table that reads the calendar aloud. */
  monthTotals: { label: string; days: number; minutes: number }[];
  first: string;
  last: string;
  practiceDays: number;
}

/** 365 days ending `today`, in Monday-first weeks, each day with its minutes (see practiceDays). */
export function yearCalendar(practiceDays: readonly DayMinutes[], today: string): YearCalendar {
  const minutesOn = new Map(practiceDays.map((day) => [day.date, day.minutes]));
  const first = addDays(today, -364);
  const weekdayOf = (date: string) => (new Date(toUtc(date)).getUTCDay() + 6) % 7;
  const lead = weekdayOf(first);
  const weeks: (CalendarDay | null)[][] = [];
  const months: YearCalendar["months"] = [];
  const monthTotals: YearCalendar["monthTotals"] = [];
  let practised = 0;
  for (let index = 0; index < 365; index++) {
    const date = addDays(first, index);
    const slot = lead + index;
    const column = Math.floor(slot / 7);
    const weekday = slot % 7;
    if (!weeks[column]) weeks[column] = Array.from({ length: 7 }, () => null);
    const minutes = minutesOn.get(date) ?? 0;
    weeks[column][weekday] = { date, minutes, level: level(minutes), weekday };
    if (minutes > 0) practised++;
    const monthStart = date.endsWith("-01") || index === 0;
    if (monthStart) {
      // The first, partial month is named only when at least half of it shows.
      if (date.endsWith("-01") || Number(date.slice(8)) <= 15) months.push({ column, label: monthFormat.format(toUtc(date)) });
      monthTotals.push({ label: monthYearFormat.format(toUtc(date)), days: 0, minutes: 0 });
    }
    const month = monthTotals[monthTotals.length - 1];
    if (month && minutes > 0) {
      month.days++;
      month.minutes += minutes;
    }
  }
  // Two labels never crowd each other: a label needs two columns of room.
  const spaced = months.filter((month, index) => (months[index + 1]?.column ?? Infinity) - month.column >= 2);
  return { weeks, months: spaced, monthTotals, first, last: today, practiceDays: practised };
}
