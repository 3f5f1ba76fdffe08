import { describe, expect, it } from "vitest";
import {
  DASHBOARD_MAX_DAYS,
  dashboardRange,
  isCalendarDay,
  recurringRevenue,
  rollUpFigures,
  rollUpSubscriptions,
} from "./business-figures.ts";

const NOW = new Date("2026-11-29T15:00:00Z");

describe("the dashboard's range", () => {
  it("covers the 30 days ending today (UTC) when left open, and from a given day to today", () => {
    const open = dashboardRange({}, NOW);
    expect(open).toMatchObject({ from: "2026-10-31", to: "2026-11-29" });
    expect("days" in open && open.days).toHaveLength(30);
    expect(dashboardRange({ from: "2026-11-27" }, NOW)).toEqual({
      from: "2026-11-27",
      to: "2026-11-29",
      days: ["2026-11-27", "2026-11-28", "2026-11-29"],
    });
  });

  it("crosses months and leap days, one entry per calendar day", () => {
    const range = dashboardRange({ from: "2028-02-27", to: "2028-03-01" }, NOW);
    expect("days" in range && range.days).toEqual(["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"]);
  });

  it("refuses a range that ends before it starts, or longer than two years", () => {
    expect(dashboardRange({ from: "2026-11-30", to: "2026-11-29" }, NOW)).toEqual({ refused: "order" });
    expect(dashboardRange({ from: "2024-01-01", to: "2026-11-29" }, NOW)).toEqual({ refused: "length" });
    const longest = dashboardRange({ from: "2024-11-29", to: "2026-11-29" }, NOW);
    expect("days" in longest && longest.days).toHaveLength(DASHBOARD_MAX_DAYS);
  });

  it("knows a real calendar day from a date-shaped string", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    for (const day of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-1-01", "yesterday"]) expect(isCalendarDay(day), day).toBe(false);
  });
});

describe("rolling the figures up", () => {
  const days = ["2026-10-31", "2026-11-01", "2026-11-02"];
  const figures = rollUpFigures(
    days,
    new Map([
      ["2026-10-31", 2],
      ["2026-11-02", 5],
    ]),
    [
      { day: "2026-10-31", currency: "USD", grossCents: 1499, refundedCents: 0 },
      { day: "2026-11-02", currency: "USD", grossCents: 5999, refundedCents: 0 },
      { day: "2026-11-02", currency: "USD", grossCents: 0, refundedCents: 500 },
      { day: "2026-11-02", currency: "EUR", grossCents: 1299, refundedCents: 0 },
      // A row outside the range is not counted.
      { day: "2026-11-03", currency: "USD", grossCents: 999, refundedCents: 0 },
    ],
  );

  it("keeps every day, empty ones too, with money per currency and net as taken less given back", () => {
    expect(figures.days.map((day) => [day.day, day.signups, day.revenue.length])).toEqual([
      ["2026-10-31", 2, 1],
      ["2026-11-01", 0, 0],
      ["2026-11-02", 5, 2],
    ]);
    expect(figures.days[2]!.revenue).toEqual([
      { currency: "EUR", gross_cents: 1299, refunded_cents: 0, net_cents: 1299 },
      { currency: "USD", gross_cents: 5999, refunded_cents: 500, net_cents: 5499 },
    ]);
  });

  it("sums each month the range touches and the whole range, never adding currencies together", () => {
    expect(figures.months.map((month) => [month.month, month.signups])).toEqual([
      ["2026-10", 2],
      ["2026-11", 5],
    ]);
    expect(figures.totals).toEqual({
      signups: 7,
      revenue: [
        { currency: "EUR", gross_cents: 1299, refunded_cents: 0, net_cents: 1299 },
        { currency: "USD", gross_cents: 7498, refunded_cents: 500, net_cents: 6998 },
      ],
    });
  });
});

describe("trials and churn", () => {
  const days = ["2026-10-31", "2026-11-01", "2026-11-02"];
  const figures = rollUpSubscriptions(
    days,
    {
      trials_started: new Map([
        ["2026-10-31", 4],
        ["2026-11-02", 2],
        ["2026-11-03", 9],
      ]),
      trials_converted: new Map([["2026-11-01", 3]]),
      trials_lapsed: new Map([["2026-11-02", 1]]),
      churned: new Map([
        ["2026-10-31", 1],
        ["2026-11-02", 1],
      ]),
    },
    40,
  );

  it("counts each day and month, leaving out days outside the range", () => {
    expect(figures.days[0]).toEqual({ day: "2026-10-31", trials_started: 4, trials_converted: 0, trials_lapsed: 0, churned: 1 });
    expect(figures.months).toEqual([
      { month: "2026-10", trials_started: 4, trials_converted: 0, trials_lapsed: 0, churned: 1 },
      { month: "2026-11", trials_started: 2, trials_converted: 3, trials_lapsed: 1, churned: 1 },
    ]);
  });

  it("converts trials as a share of those decided, and churn as a share of those paying at the start", () => {
    expect(figures.totals).toEqual({
      trials_started: 6,
      trials_converted: 3,
      trials_lapsed: 1,
      churned: 2,
      trial_conversion: 75,
      paying_at_start: 40,
      churn_rate: 5,
    });
    const empty = rollUpSubscriptions(
      days,
      { trials_started: new Map(), trials_converted: new Map(), trials_lapsed: new Map(), churned: new Map() },
      0,
    );
    expect([empty.totals.trial_conversion, empty.totals.churn_rate]).toEqual([null, null]);
  });
});

describe("monthly recurring revenue", () => {
  it("spreads each plan's price over its months, per currency and plan, never across currencies", () => {
    const { mrr, mrr_by_plan } = recurringRevenue([
      { plan: "Annual", currency: "USD", months: 12, periodCents: 3 * 5999, subscriptions: 3 },
      { plan: "Monthly", currency: "USD", months: 1, periodCents: 2 * 1499, subscriptions: 2 },
      { plan: "Monthly", currency: "EUR", months: 1, periodCents: 1399, subscriptions: 1 },
    ]);
    expect(mrr).toEqual([
      { currency: "EUR", cents: 1399, subscriptions: 1 },
      { currency: "USD", cents: 2998 + 1500, subscriptions: 5 },
    ]);
    expect(mrr_by_plan.map((plan) => [plan.plan, plan.currency, plan.cents])).toEqual([
      ["Monthly", "EUR", 1399],
      ["Monthly", "USD", 2998],
      ["Annual", "USD", 1500],
    ]);
  });
});
