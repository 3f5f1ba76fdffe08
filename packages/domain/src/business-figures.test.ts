import { describe, expect, it } from "vitest";
import { DASHBOARD_MAX_DAYS, dashboardRange, isCalendarDay, rollUpFigures } from "./business-figures.ts";

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
