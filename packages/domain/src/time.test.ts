import { describe, expect, it } from "vitest";
import { DAY_MS, toUtcSecond } from "./time.ts";

describe("time terms", () => {
  it("one day is 24 hours of milliseconds", () => {
    expect(DAY_MS).toBe(24 * 60 * 60 * 1000);
    expect(new Date(Date.UTC(2026, 0, 31) + DAY_MS).toISOString()).toBe("2026-02-01T00:00:00.000Z");
  });

  it("writes UTC to the second, dropping milliseconds without rounding", () => {
    expect(toUtcSecond(new Date("2026-01-31T08:30:00.123Z"))).toBe("2026-01-31T08:30:00Z");
    expect(toUtcSecond(new Date(Date.UTC(2026, 10, 22, 23, 59, 59, 999)))).toBe("2026-11-22T23:59:59Z");
    expect(toUtcSecond(new Date())).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});
