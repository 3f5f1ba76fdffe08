import { describe, expect, it } from "vitest";
import {
  addDays,
  addToDays,
  canonicalTimeZone,
  dailyListeningStatistics,
  dayIndex,
  dayOfIndex,
  daySeries,
  listeningStatistics,
  localDay,
  longestRun,
  runsOf,
  streaksOf,
  type DailyListeningStatistics,
  type ListeningDay,
} from "./listening.ts";

const at = (iso: string) => new Date(iso);
/** The year calendar's days with listening, with their whole minutes. */
const practised = (stats: DailyListeningStatistics) =>
  stats.year_seconds.flatMap((seconds, i) =>
    seconds > 0 ? [{ date: addDays(stats.today, i - 364), minutes: Math.floor(seconds / 60) }] : [],
  );

describe("canonicalTimeZone", () => {
  it.each([
    ["Europe/London", "Europe/London"],
    ["europe/berlin", "Europe/Berlin"],
    ["America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["UTC", "UTC"],
    ["Etc/GMT+5", "Etc/GMT+5"],
  ])("knows %s as %s", (given, expected) => {
    expect(canonicalTimeZone(given)).toBe(expected);
  });

  it.each([
    "",
    "Mars/Olympus",
    "+01:00",
    "-0500",
    "Europe/",
    "/Europe",
    "Europe//Berlin",
    "Europe/Berlin; drop table",
    "x".repeat(65),
    "GMT+1:30",
  ])("refuses %j", (given) => {
    expect(canonicalTimeZone(given)).toBeNull();
  });
});

describe("localDay", () => {
  it("puts an instant on the calendar day of the zone, around midnight", () => {
    expect(localDay(at("2026-01-10T23:30:00Z"), "UTC")).toBe("2026-01-10");
    expect(localDay(at("2026-01-10T23:30:00Z"), "Europe/Berlin")).toBe("2026-01-11");
    expect(localDay(at("2026-01-10T22:59:59Z"), "Europe/Berlin")).toBe("2026-01-10");
    expect(localDay(at("2026-01-10T23:00:00Z"), "Europe/Berlin")).toBe("2026-01-11");
    expect(localDay(at("2026-01-11T04:59:59Z"), "America/New_York")).toBe("2026-01-10");
    expect(localDay(at("2026-01-11T05:00:00Z"), "America/New_York")).toBe("2026-01-11");
  });

  it("follows daylight saving in Europe/Berlin (March and October)", () => {
    // 29 March 2026: clocks go from 02:00 CET to 03:00 CEST; midnight is 23:00Z before, 22:00Z after.
    expect(localDay(at("2026-03-28T22:30:00Z"), "Europe/Berlin")).toBe("2026-03-28");
    expect(localDay(at("2026-03-28T23:00:00Z"), "Europe/Berlin")).toBe("2026-03-29");
    expect(localDay(at("2026-03-29T21:59:59Z"), "Europe/Berlin")).toBe("2026-03-29");
    expect(localDay(at("2026-03-29T22:00:00Z"), "Europe/Berlin")).toBe("2026-03-30");
    // 25 October 2026: back from CEST to CET; that day is 25 hours long.
    expect(localDay(at("2026-10-24T22:00:00Z"), "Europe/Berlin")).toBe("2026-10-25");
    expect(localDay(at("2026-10-25T22:59:59Z"), "Europe/Berlin")).toBe("2026-10-25");
    expect(localDay(at("2026-10-25T23:00:00Z"), "Europe/Berlin")).toBe("2026-10-26");
  });

  it("follows daylight saving in America/New_York", () => {
    // 8 March 2026 (EST → EDT) and 1 November 2026 (EDT → EST).
    expect(localDay(at("2026-03-09T03:59:59Z"), "America/New_York")).toBe("2026-03-08");
    expect(localDay(at("2026-03-09T04:00:00Z"), "America/New_York")).toBe("2026-03-09");
    expect(localDay(at("2026-11-02T04:59:59Z"), "America/New_York")).toBe("2026-11-01");
    expect(localDay(at("2026-11-02T05:00:00Z"), "America/New_York")).toBe("2026-11-02");
  });

  it("handles zones with :30 and :45 offsets, and ones ahead of UTC by more than half a day", () => {
    expect(localDay(at("2026-06-01T18:29:59Z"), "Asia/Kolkata")).toBe("2026-06-01"); // +05:30
    expect(localDay(at("2026-06-01T18:30:00Z"), "Asia/Kolkata")).toBe("2026-06-02");
    expect(localDay(at("2026-06-01T18:14:59Z"), "Asia/Kathmandu")).toBe("2026-06-01"); // +05:45
    expect(localDay(at("2026-06-01T18:15:00Z"), "Asia/Kathmandu")).toBe("2026-06-02");
    expect(localDay(at("2026-06-01T11:14:59Z"), "Pacific/Chatham")).toBe("2026-06-01"); // +12:45 in winter
    expect(localDay(at("2026-06-01T11:15:00Z"), "Pacific/Chatham")).toBe("2026-06-02");
    expect(localDay(at("2026-06-01T00:30:00Z"), "America/St_Johns")).toBe("2026-05-31"); // -02:30 in summer
    expect(localDay(at("2026-06-01T10:00:00Z"), "Pacific/Kiritimati")).toBe("2026-06-02"); // +14:00
  });
});

describe("day arithmetic", () => {
  it("adds days across months, leap days and years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2026-03-29", 0)).toBe("2026-03-29");
  });
});

describe("streaksOf", () => {
  const today = "2026-04-10";
  it("is zero without days", () => {
    expect(streaksOf([], today)).toEqual({ current: 0, longest: 0 });
  });

  it("counts the current run ending today or yesterday, and the best run ever", () => {
    expect(streaksOf(["2026-04-08", "2026-04-09", "2026-04-10"], today)).toEqual({ current: 3, longest: 3 });
    expect(streaksOf(["2026-04-08", "2026-04-09"], today)).toEqual({ current: 2, longest: 2 });
    expect(streaksOf(["2026-04-07", "2026-04-08"], today)).toEqual({ current: 0, longest: 2 });
    expect(streaksOf(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-04-10"], today)).toEqual({ current: 1, longest: 4 });
  });

  it("takes repeated and out-of-order days", () => {
    expect(streaksOf(["2026-04-10", "2026-04-08", "2026-04-09", "2026-04-09", "2026-04-10"], today)).toEqual({ current: 3, longest: 3 });
  });

  it("runs across a month end, a year end and the daylight-saving change", () => {
    expect(streaksOf(["2026-12-30", "2026-12-31", "2027-01-01"], "2027-01-02")).toEqual({ current: 3, longest: 3 });
    expect(streaksOf(["2026-03-28", "2026-03-29", "2026-03-30"], "2026-03-30")).toEqual({ current: 3, longest: 3 });
    expect(streaksOf(["2026-10-24", "2026-10-25", "2026-10-26"], "2026-10-26")).toEqual({ current: 3, longest: 3 });
  });

  it("keeps a day after today (a clock ahead) in the current run", () => {
    expect(streaksOf(["2026-04-10", "2026-04-11"], today)).toEqual({ current: 2, longest: 2 });
  });

  it("runsOf gives the best and the last run of ascending day numbers", () => {
    expect(runsOf([])).toEqual({ longest: 0, last: 0 });
    expect(runsOf([1, 2, 3, 7, 8])).toEqual({ longest: 3, last: 2 });
    expect(runsOf([5, 9, 10, 11, 12])).toEqual({ longest: 4, last: 4 });
    expect(dayOfIndex(dayIndex("2028-02-29"))).toBe("2028-02-29");
    // Every day from 2000 to 2100 reads as the calendar says (leap years, 2100 not being one).
    for (let index = dayIndex("2000-01-01"); index <= dayIndex("2100-12-31"); index++) {
      expect(dayOfIndex(index)).toBe(new Date(index * 86_400_000).toISOString().slice(0, 10));
    }
  });

  it("longestRun is the best run of any set of days", () => {
    expect(longestRun(["2026-01-03", "2026-01-01", "2026-01-02", "2026-01-05"])).toBe(3);
    expect(longestRun([])).toBe(0);
  });
});

describe("daySeries", () => {
  it("gives 30 days oldest first ending today, zeros included", () => {
    const series = daySeries(
      new Map([
        ["2026-03-29", 12],
        ["2026-02-28", 99],
      ]),
      "2026-03-30",
    );
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ date: "2026-03-01", minutes: 0 });
    expect(series.at(-1)).toEqual({ date: "2026-03-30", minutes: 0 });
    expect(series.at(-2)).toEqual({ date: "2026-03-29", minutes: 12 });
    expect(series.some((d) => d.date === "2026-02-28")).toBe(false);
  });
});

describe("dailyListeningStatistics", () => {
  const zone = "Europe/Berlin";
  const sessions = [
    { startedAt: at("2026-01-10T23:30:00Z"), seconds: 600 }, // 11 Jan in Berlin, 10 Jan in UTC
    { startedAt: at("2026-01-11T08:00:00Z"), seconds: 1_230 },
    { startedAt: at("2026-01-12T22:50:00Z"), seconds: 125 }, // 12 Jan in Berlin
    { startedAt: at("2025-01-12T12:00:00Z"), seconds: 60 }, // more than a year ago
  ];
  const rollUp = (zoneName: string) => sessions.reduce<ListeningDay[]>((days, s) => addToDays(days, s, zoneName), []);

  it("counts days in the member's zone, with the pictures", () => {
    const stats = dailyListeningStatistics(rollUp(zone), zone, at("2026-01-12T23:30:00Z")); // 13 Jan, 00:30 in Berlin
    expect(stats).toMatchObject({
      mindful_days: 3,
      total_sessions: 4,
      mindful_minutes: Math.floor((600 + 1_230 + 125 + 60) / 60),
      longest_streak: 2,
      total_streak: 2,
      longest_minute_session: 20,
      time_zone: zone,
      today: "2026-01-13",
    });
    expect(stats.last_30_days).toHaveLength(30);
    expect(stats.last_30_days.at(-1)).toEqual({ date: "2026-01-13", minutes: 0 });
    expect(stats.last_30_days.at(-2)).toEqual({ date: "2026-01-12", minutes: 2 });
    expect(stats.last_30_days.at(-3)).toEqual({ date: "2026-01-11", minutes: 30 });
    expect(stats.year_seconds).toHaveLength(365);
    expect(stats.year_seconds.at(-1)).toBe(0);
    expect(practised(stats)).toEqual([
      { date: "2026-01-11", minutes: 30 },
      { date: "2026-01-12", minutes: 2 },
    ]);
  });

  it("counts the same sessions on other days in UTC", () => {
    const stats = dailyListeningStatistics(rollUp("UTC"), "UTC", at("2026-01-12T23:30:00Z"));
    expect(stats).toMatchObject({ mindful_days: 4, longest_streak: 3, total_streak: 3, today: "2026-01-12" });
    expect(practised(stats).map((d) => d.date)).toEqual(["2026-01-10", "2026-01-11", "2026-01-12"]);
  });

  it("agrees with listeningStatistics in UTC, whatever the order of the reports", () => {
    const now = at("2026-01-13T09:00:00Z");
    const shuffled = [sessions[2]!, sessions[0]!, sessions[3]!, sessions[1]!];
    const days = shuffled.reduce<ListeningDay[]>((all, s) => addToDays(all, s, "UTC"), []);
    const { time_zone, today, last_30_days, year_seconds, ...stats } = dailyListeningStatistics(days, "UTC", now);
    expect({ time_zone, today, n: last_30_days.length, p: year_seconds.filter((s) => s > 0).length }).toEqual({
      time_zone: "UTC",
      today: "2026-01-13",
      n: 30,
      p: 3,
    });
    expect(stats).toEqual(listeningStatistics(sessions, now));
  });

  it("is all zeros for a new member, with 30 empty days", () => {
    const stats = dailyListeningStatistics([], "Asia/Kolkata", at("2026-06-01T18:30:00Z"));
    expect(stats).toMatchObject({ mindful_days: 0, total_sessions: 0, total_streak: 0, today: "2026-06-02" });
    expect(stats.year_seconds).toEqual(new Array(365).fill(0));
    expect(stats.last_30_days.every((d) => d.minutes === 0)).toBe(true);
  });
});
