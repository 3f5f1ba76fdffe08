import { describe, expect, it } from "vitest";
import { canPlay, childModelOf, durationMinutes, isContentModel, isListModel, mediaResourceFor } from "./content.ts";
import { currentSubscription, isEntitled } from "./entitlement.ts";
import { listeningStatistics, sessionReportProblems } from "./listening.ts";
import { toUtcSecond } from "./time.ts";
import { planDay } from "./personal-plan.ts";

const at = (iso: string) => new Date(iso);

describe("content vocabulary", () => {
  it("accepts exactly the six player sections", () => {
    expect(isContentModel("meditation-sleep")).toBe(true);
    expect(isContentModel("cbt-course")).toBe(true);
    expect(isContentModel("settings")).toBe(false);
    expect(isContentModel("Meditation-Sleep")).toBe(false);
  });

  it("knows which models hold sessions and what those sessions are", () => {
    expect(isListModel("meditation-sleep-course")).toBe(true);
    expect(isListModel("music-soundscape")).toBe(false);
    expect(childModelOf("cbt-course")).toBe("cbt");
    expect(childModelOf("music-soundscape-playlist")).toBe("music-soundscape");
    expect(childModelOf("meditation-sleep")).toBe("meditation-sleep");
  });

  it("lets free items play for everyone and locked ones for subscribers only", () => {
    expect(canPlay({ free: true }, false)).toBe(true);
    expect(canPlay({ free: false }, false)).toBe(false);
    expect(canPlay({ free: false }, true)).toBe(true);
  });

  it("signs free members for the free folder only", () => {
    expect(mediaResourceFor("https://cdn.example.com/media", false)).toBe("https://cdn.example.com/media/free/*");
    expect(mediaResourceFor("https://cdn.example.com/media", true)).toBe("https://cdn.example.com/media/*");
  });

  it("shows durations in whole minutes, at least one", () => {
    expect(durationMinutes(20)).toBe(1);
    expect(durationMinutes(89)).toBe(1);
    expect(durationMinutes(91)).toBe(2);
    expect(durationMinutes(600)).toBe(10);
    expect(durationMinutes(0)).toBeNull();
    expect(durationMinutes(null)).toBeNull();
  });
});

describe("entitlement", () => {
  const now = at("2026-11-22T12:00:00Z");
  it("opens everything for current subscriptions", () => {
    expect(isEntitled({ status: "active", currentPeriodEnd: at("2026-12-01T00:00:00Z") }, now)).toBe(true);
    expect(isEntitled({ status: "trialing", currentPeriodEnd: at("2026-11-25T00:00:00Z") }, now)).toBe(true);
    expect(isEntitled({ status: "lifetime", currentPeriodEnd: null }, now)).toBe(true);
  });
  it("keeps a canceled subscription until its period ends, then closes it", () => {
    expect(isEntitled({ status: "canceled", currentPeriodEnd: at("2026-11-23T00:00:00Z") }, now)).toBe(true);
    expect(isEntitled({ status: "canceled", currentPeriodEnd: at("2026-11-21T00:00:00Z") }, now)).toBe(false);
  });
  it("refuses expired, ended or missing subscriptions", () => {
    expect(isEntitled({ status: "expired", currentPeriodEnd: null }, now)).toBe(false);
    expect(isEntitled({ status: "active", currentPeriodEnd: at("2026-11-22T11:59:59Z") }, now)).toBe(false);
    expect(isEntitled(null, now)).toBe(false);
  });
  it("picks the newest entitled subscription", () => {
    const rows = [
      { status: "expired", currentPeriodEnd: null, startedAt: at("2026-11-01T00:00:00Z"), id: 1 },
      { status: "active", currentPeriodEnd: at("2026-12-30T00:00:00Z"), startedAt: at("2026-10-01T00:00:00Z"), id: 2 },
      { status: "active", currentPeriodEnd: at("2027-12-30T00:00:00Z"), startedAt: at("2026-11-10T00:00:00Z"), id: 3 },
    ];
    expect(currentSubscription(rows, now)?.id).toBe(3);
    expect(currentSubscription(rows.slice(0, 1), now)).toBeNull();
  });
});

describe("personal plan day", () => {
  it("is day 1 on the day of joining and counts UTC calendar days", () => {
    expect(planDay(at("2026-11-22T23:50:00Z"), at("2026-11-22T23:59:00Z"), 14)).toBe(1);
    expect(planDay(at("2026-11-22T23:50:00Z"), at("2026-11-23T00:10:00Z"), 14)).toBe(2);
    expect(planDay(at("2026-11-01T08:00:00Z"), at("2026-11-14T08:00:00Z"), 14)).toBe(14);
  });
  it("starts over after the last day", () => {
    expect(planDay(at("2026-11-01T08:00:00Z"), at("2026-11-15T08:00:00Z"), 14)).toBe(1);
  });
  it("never goes below day 1 when the clock is behind", () => {
    expect(planDay(at("2026-11-22T08:00:00Z"), at("2026-11-20T08:00:00Z"), 14)).toBe(1);
  });
});

describe("listening sessions", () => {
  const now = at("2026-11-22T12:00:00Z");
  it("formats UTC to the second ending in Z", () => {
    expect(toUtcSecond(at("2026-11-22T08:30:15.987Z"))).toBe("2026-11-22T08:30:15Z");
  });
  it("refuses reversed, overlong and future sessions", () => {
    expect(sessionReportProblems(at("2026-11-22T10:00:00Z"), at("2026-11-22T09:59:59Z"), now)).toHaveProperty("end_session");
    expect(sessionReportProblems(at("2026-11-20T10:00:00Z"), at("2026-11-21T10:00:01Z"), now)).toHaveProperty("end_session");
    expect(sessionReportProblems(at("2026-11-22T12:00:00Z"), at("2026-11-22T13:00:00Z"), now)).toHaveProperty("end_session");
    expect(sessionReportProblems(at("2026-11-22T11:00:00Z"), at("2026-11-22T11:10:00Z"), now)).toEqual({});
  });
  it("refuses a session that starts before 2000, such as year 0, which the database cannot store", () => {
    expect(sessionReportProblems(at("0000-01-01T00:00:00Z"), at("0000-01-01T00:10:00Z"), now)).toEqual({
      start_session: ["The start session may not be before 2000-01-01."],
    });
    expect(sessionReportProblems(at("1999-12-31T23:50:00Z"), at("2000-01-01T00:10:00Z"), now)).toHaveProperty("start_session");
    expect(sessionReportProblems(at("2000-01-01T00:00:00Z"), at("2000-01-01T00:10:00Z"), now)).toEqual({});
  });
  it("counts days, minutes, streaks and the longest session", () => {
    const s = (iso: string, seconds: number) => ({ startedAt: at(iso), seconds });
    const stats = listeningStatistics(
      [
        s("2026-11-10T08:00:00Z", 600),
        s("2026-11-11T08:00:00Z", 300),
        s("2026-11-12T08:00:00Z", 90),
        s("2026-11-12T20:00:00Z", 1250),
        s("2026-11-21T08:00:00Z", 60),
        s("2026-11-22T07:00:00Z", 59),
      ],
      now,
    );
    expect(stats).toEqual({
      mindful_days: 5,
      total_sessions: 6,
      mindful_minutes: Math.floor((600 + 300 + 90 + 1250 + 60 + 59) / 60),
      longest_streak: 3,
      total_streak: 2,
      longest_minute_session: 20,
    });
  });
  it("reports a broken streak as 0 and nothing for a new member", () => {
    expect(listeningStatistics([{ startedAt: at("2026-11-18T08:00:00Z"), seconds: 60 }], now).total_streak).toBe(0);
    expect(listeningStatistics([], now)).toEqual({
      mindful_days: 0,
      total_sessions: 0,
      mindful_minutes: 0,
      longest_streak: 0,
      total_streak: 0,
      longest_minute_session: 0,
    });
  });
});
