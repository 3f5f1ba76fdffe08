import { describe, expect, it } from "vitest";
import { FIRST_VISIT_WINDOW_MS, isFirstVisit } from "./first-visit.ts";

const opened = "2026-11-26T08:00:00.000Z";
const at = (ms: number) => Date.parse(opened) + ms;

describe("a member's first visit", () => {
  it("is the first home this browser shows, within a day of opening the account", () => {
    expect(isFirstVisit({ accountCreatedAt: opened, now: at(5_000), seenBefore: false })).toBe(true);
    expect(isFirstVisit({ accountCreatedAt: opened, now: at(FIRST_VISIT_WINDOW_MS - 1), seenBefore: false })).toBe(true);
  });

  it("is over once the home has been shown, or a day after the account was opened", () => {
    expect(isFirstVisit({ accountCreatedAt: opened, now: at(5_000), seenBefore: true })).toBe(false);
    expect(isFirstVisit({ accountCreatedAt: opened, now: at(FIRST_VISIT_WINDOW_MS), seenBefore: false })).toBe(false);
    expect(isFirstVisit({ accountCreatedAt: "2024-01-01T00:00:00Z", now: at(0), seenBefore: false })).toBe(false);
  });

  it("counts a browser clock behind the server's as a first visit, and an unreadable date as none", () => {
    expect(isFirstVisit({ accountCreatedAt: opened, now: at(-60_000), seenBefore: false })).toBe(true);
    expect(isFirstVisit({ accountCreatedAt: "not a date", now: at(0), seenBefore: false })).toBe(false);
  });
});
