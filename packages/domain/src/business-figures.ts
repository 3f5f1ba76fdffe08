import { DAY_MS } from "./time.ts";

/**
 * The analyst's dashboard rules (decision 069): which days a range holds, and how the database's
 * per-day sums become days, months and totals. Pure: the query module reads, these shape.
 */

/** The longest range the dashboard answers: two years of days. */
export const DASHBOARD_MAX_DAYS = 731;
/** A range left open covers the 30 days ending today. */
export const DASHBOARD_DEFAULT_DAYS = 30;

export type RangeRefusal = "order" | "length";

/** The range asked for, with its defaults (the last 30 days to today, UTC), or why it cannot be counted. */
export function dashboardRange(
  asked: { from?: string | undefined; to?: string | undefined },
  now: Date,
): { from: string; to: string; days: string[] } | { refused: RangeRefusal } {
  const to = asked.to ?? now.toISOString().slice(0, 10);
  const from = asked.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (start > end) return { refused: "order" };
  const count = Math.round((end - start) / DAY_MS) + 1;
  if (count > DASHBOARD_MAX_DAYS) return { refused: "length" };
  return { from, to, days: Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10)) };
}

/** Whether a YYYY-MM-DD names a real calendar day (2026-02-30 does not). */
export const isCalendarDay = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
};

/** One day's money in one currency as the database sums it. */
export interface DayMoney {
  day: string;
  currency: string;
  grossCents: number;
  refundedCents: number;
}
export interface RevenueSum {
  currency: string;
  gross_cents: number;
  refunded_cents: number;
  net_cents: number;
}

/** Money summed per currency (sorted by currency); net is what was taken less what was given back. */
function revenueOf(rows: readonly DayMoney[]): RevenueSum[] {
  const by = new Map<string, RevenueSum>();
  for (const row of rows) {
    const sum = by.get(row.currency) ?? { currency: row.currency, gross_cents: 0, refunded_cents: 0, net_cents: 0 };
    sum.gross_cents += row.grossCents;
    sum.refunded_cents += row.refundedCents;
    sum.net_cents = sum.gross_cents - sum.refunded_cents;
    by.set(row.currency, sum);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * Every day of the range with its sign-ups and money (zero days included), each month the range
 * touches (only its days in the range), and the range's totals.
 */
export function rollUpFigures(days: readonly string[], signups: ReadonlyMap<string, number>, money: readonly DayMoney[]) {
  const inRange = new Set(days);
  const counted = money.filter((row) => inRange.has(row.day));
  const perDay = days.map((day) => ({
    day,
    signups: signups.get(day) ?? 0,
    revenue: revenueOf(counted.filter((row) => row.day === day)),
  }));
  const months = [...new Set(days.map((day) => day.slice(0, 7)))].map((month) => ({
    month,
    signups: perDay.filter((entry) => entry.day.startsWith(month)).reduce((sum, entry) => sum + entry.signups, 0),
    revenue: revenueOf(counted.filter((row) => row.day.startsWith(month))),
  }));
  return {
    days: perDay,
    months,
    totals: { signups: perDay.reduce((sum, entry) => sum + entry.signups, 0), revenue: revenueOf(counted) },
  };
}
