import { describe, expect, it } from "vitest";
import { countdownParts, formatCountdown, offerEnded, offerRemainingMs, offerStartMs } from "./countdown.ts";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-11-25T10:00:00.000Z");

describe("offer countdown", () => {
  it("shows a 4-hour offer as 00:04:00:00 and ticks down a second at a time", () => {
    expect(formatCountdown(4 * HOUR)).toBe("00:04:00:00");
    expect(formatCountdown(4 * HOUR - 1000)).toBe("00:03:59:59");
    expect(formatCountdown(4 * HOUR - 61_000)).toBe("00:03:58:59");
  });

  it("counts a partly elapsed second as a whole one, so zero shows only at the deadline", () => {
    expect(formatCountdown(4 * HOUR - 200)).toBe("00:04:00:00");
    expect(formatCountdown(1)).toBe("00:00:00:01");
    expect(formatCountdown(0)).toBe("00:00:00:00");
    expect(formatCountdown(-5000)).toBe("00:00:00:00");
  });

  it("splits long spans into days", () => {
    expect(countdownParts(2 * 24 * HOUR + 3 * HOUR + 4 * 60_000 + 5000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(formatCountdown(100 * 24 * HOUR)).toBe("100:00:00:00");
  });

  it("never counts below zero and ends at the deadline", () => {
    expect(offerRemainingMs(NOW + 1000, NOW)).toBe(1000);
    expect(offerRemainingMs(NOW - 1000, NOW)).toBe(0);
    expect(offerEnded(NOW + 1, NOW)).toBe(false);
    expect(offerEnded(NOW, NOW)).toBe(true);
  });

  it("gives the start of a visitor's offer from its deadline", () => {
    expect(offerStartMs(NOW + 4 * HOUR, 4)).toBe(NOW);
  });
});
