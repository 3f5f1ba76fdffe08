import { describe, expect, it } from "vitest";
import {
  addDays,
  figureValue,
  isNewMember,
  level,
  minutesChart,
  MY_PROGRESS,
  MY_STREAKS,
  practiceDays,
  scaleTop,
  yearCalendar,
} from "./model";

const last30 = (today: string, minutesFor: (index: number) => number) =>
  Array.from({ length: 30 }, (_, index) => ({ date: addDays(today, index - 29), minutes: minutesFor(index) }));

describe("dashboard figures", () => {
  it("names each spec label with its statistics field", () => {
    expect(MY_PROGRESS.map((figure) => [figure.label, figure.field])).toEqual([
      ["Mindful Days", "mindful_days"],
      ["Total Sessions", "total_sessions"],
      ["Mindful Minutes (min)", "mindful_minutes"],
      ["Longest Streak (days)", "longest_streak"],
    ]);
    expect(MY_STREAKS.map((figure) => [figure.label, figure.field])).toEqual([
      ["Total streak", "total_streak"],
      ["Longest session (min)", "longest_minute_session"],
      ["Current longest streak (days)", "year_longest_streak"],
    ]);
  });

  it("shows the best run of the calendar's year as the current longest streak", () => {
    const practised = new Set(["2026-03-01", "2026-03-02", "2026-03-03", "2026-11-24", "2026-11-25"]);
    const year_seconds = Array.from({ length: 365 }, (_, i) => (practised.has(addDays("2026-11-26", i - 364)) ? 300 : 0));
    const stats = { total_streak: 2, longest_streak: 9, today: "2026-11-26", year_seconds } as unknown as Parameters<typeof figureValue>[0];
    expect(figureValue(stats, "year_longest_streak")).toBe(3);
    expect(figureValue(stats, "total_streak")).toBe(2);
  });

  it("reads the calendar's days from the year's seconds, the last one today; a few seconds still count as a day", () => {
    const year_seconds = new Array(365).fill(0);
    year_seconds[0] = 90;
    year_seconds[363] = 20;
    year_seconds[364] = 1_230;
    expect(practiceDays({ today: "2026-11-26", year_seconds })).toEqual([
      { date: "2025-11-27", minutes: 1 },
      { date: "2026-11-25", minutes: 0 },
      { date: "2026-11-26", minutes: 20 },
    ]);
  });

  it("treats a member without a session as new", () => {
    expect(isNewMember({ total_sessions: 0 })).toBe(true);
    expect(isNewMember({ total_sessions: 1 })).toBe(false);
  });
});

describe("minutes chart", () => {
  it("rounds the scale up to a calm number, 10 at least", () => {
    expect(scaleTop(0)).toBe(10);
    expect(scaleTop(7)).toBe(10);
    expect(scaleTop(11)).toBe(15);
    expect(scaleTop(20)).toBe(20);
    expect(scaleTop(41)).toBe(60);
    expect(scaleTop(2000)).toBe(2040);
  });

  it("maps each day to a bar scaled to the top, marks today and sums the month", () => {
    const today = "2026-03-29";
    const days = last30(today, (index) => (index === 29 ? 30 : index === 0 ? 15 : 0));
    const chart = minutesChart(days, today);
    expect(chart.top).toBe(30);
    expect(chart.bars).toHaveLength(30);
    expect(chart.bars[0]).toEqual({ date: "2026-02-28", minutes: 15, height: 0.5, isToday: false });
    expect(chart.bars[29]).toEqual({ date: "2026-03-29", minutes: 30, height: 1, isToday: true });
    expect(chart.bars[10]!.height).toBe(0);
    expect(chart.total).toBe(45);
    expect(chart.activeDays).toBe(2);
  });

  it("draws an empty month flat, never dividing by zero", () => {
    const chart = minutesChart(
      last30("2026-01-30", () => 0),
      "2026-01-30",
    );
    expect(chart.bars.every((bar) => bar.height === 0)).toBe(true);
    expect(chart.top).toBe(10);
  });
});

describe("year calendar", () => {
  it("lays 365 days ending today into Monday-first weeks", () => {
    // 2026-11-26 is a Thursday, and so is 2025-11-27, the first of the 365 days.
    const calendar = yearCalendar([], "2026-11-26");
    const days = calendar.weeks.flat().filter((day) => day !== null);
    expect(days).toHaveLength(365);
    expect(calendar.first).toBe("2025-11-27");
    expect(days[0]).toMatchObject({ date: "2025-11-27", weekday: 3 }); // Thursday
    expect(days.at(-1)).toMatchObject({ date: "2026-11-26", weekday: 3 });
    expect(calendar.weeks[0]!.slice(0, 3)).toEqual([null, null, null]);
    expect(calendar.weeks.every((week) => week.length === 7)).toBe(true);
    expect(calendar.weeks.length).toBeLessThanOrEqual(53);
  });

  it("colours days by minutes and counts the practice days and month totals", () => {
    const calendar = yearCalendar(
      [
        { date: "2026-11-01", minutes: 5 },
        { date: "2026-11-02", minutes: 45 },
        { date: "2026-10-31", minutes: 12 },
        { date: "2024-01-01", minutes: 99 }, // outside the year: ignored
      ],
      "2026-11-26",
    );
    const byDate = new Map(calendar.weeks.flat().flatMap((day) => (day ? [[day.date, day]] : [])));
    expect(byDate.get("2026-11-01")!.level).toBe(1);
    expect(byDate.get("2026-11-02")!.level).toBe(4);
    expect(byDate.get("2026-10-31")!.level).toBe(2);
    expect(byDate.get("2026-11-03")!.level).toBe(0);
    expect(calendar.practiceDays).toBe(3);
    expect(calendar.monthTotals.at(-1)).toEqual({ label: "November 2026", days: 2, minutes: 50 });
    expect(calendar.monthTotals.at(-2)).toEqual({ label: "October 2026", days: 1, minutes: 12 });
    expect(calendar.monthTotals[0]!.label).toBe("November 2025");
  });

  it("names the months where they start, never two labels in one place", () => {
    const calendar = yearCalendar([], "2026-11-26");
    const labels = calendar.months.map((month) => month.label);
    expect(labels.slice(-3).map((label) => label.slice(0, 3))).toEqual(["Sep", "Oct", "Nov"]);
    for (let index = 1; index < calendar.months.length; index++) {
      expect(calendar.months[index]!.column - calendar.months[index - 1]!.column).toBeGreaterThanOrEqual(2);
    }
  });

  it("counts whole days across a clock change (dates, not hours)", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-25", -1)).toBe("2026-10-24");
  });

  it("grades minutes in four steps", () => {
    expect([0, 1, 9, 10, 19, 20, 39, 40, 300].map(level)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });
});
