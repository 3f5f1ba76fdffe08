import { conversionPercent } from "./funnels.ts";
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

/** The subscription figures counted per UTC day (decision 069). */
export const SUBSCRIPTION_COUNTS = ["trials_started", "trials_converted", "trials_lapsed", "churned"] as const;
export type SubscriptionCount = (typeof SUBSCRIPTION_COUNTS)[number];
export type SubscriptionCounts = Record<SubscriptionCount, number>;

/**
 * Trials and churn per day, month and range. A trial is *decided* when it converts (its first charge) or
 * lapses (it ended without one); the range's trial conversion is converted of decided. Churn is the paying
 * subscriptions whose access ended, as a share of those paying when the range began.
 */
export function rollUpSubscriptions(
  days: readonly string[],
  counts: Readonly<Record<SubscriptionCount, ReadonlyMap<string, number>>>,
  payingAtStart: number,
) {
  const sum = (match: (day: string) => boolean): SubscriptionCounts =>
    Object.fromEntries(
      SUBSCRIPTION_COUNTS.map((name) => [name, days.filter(match).reduce((total, day) => total + (counts[name].get(day) ?? 0), 0)]),
    ) as SubscriptionCounts;
  const totals = sum(() => true);
  return {
    days: days.map((day) => ({ day, ...sum((other) => other === day) })),
    months: [...new Set(days.map((day) => day.slice(0, 7)))].map((month) => ({ month, ...sum((day) => day.startsWith(month)) })),
    totals: {
      ...totals,
      trial_conversion: conversionPercent(totals.trials_converted, totals.trials_converted + totals.trials_lapsed),
      paying_at_start: payingAtStart,
      churn_rate: conversionPercent(totals.churned, payingAtStart),
    },
  };
}

/** Recurring subscriptions that renew, summed by plan, currency and billing months, as the database counts them. */
export interface RecurringGroup {
  plan: string;
  currency: string;
  months: number;
  /** What one period of all of them costs, in minor units. */
  periodCents: number;
  subscriptions: number;
}

/**
 * Monthly recurring revenue: each renewing subscription's price spread over its months (an annual plan
 * at $59.99 adds $5.00 a month, rounded to the cent), per currency and per plan; never added across currencies.
 */
export function recurringRevenue(groups: readonly RecurringGroup[]) {
  const byPlan = new Map<string, { plan: string; currency: string; cents: number; subscriptions: number }>();
  for (const group of groups) {
    const key = `${group.plan}\u0000${group.currency}`;
    const entry = byPlan.get(key) ?? { plan: group.plan, currency: group.currency, cents: 0, subscriptions: 0 };
    entry.cents += Math.round(group.periodCents / Math.max(1, group.months));
    entry.subscriptions += group.subscriptions;
    byPlan.set(key, entry);
  }
  const plans = [...byPlan.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || b.cents - a.cents || a.plan.localeCompare(b.plan),
  );
  const byCurrency = new Map<string, { currency: string; cents: number; subscriptions: number }>();
  for (const plan of plans) {
    const entry = byCurrency.get(plan.currency) ?? { currency: plan.currency, cents: 0, subscriptions: 0 };
    entry.cents += plan.cents;
    entry.subscriptions += plan.subscriptions;
    byCurrency.set(plan.currency, entry);
  }
  return { mrr: [...byCurrency.values()], mrr_by_plan: plans };
}
