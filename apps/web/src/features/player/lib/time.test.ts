import { describe, expect, it } from "vitest";
import { formatClock, formatMinutes, formatRemaining, formatSessions, skipTarget, spokenClock } from "./time";
import { roundVolume } from "./volume";

describe("time formatting", () => {
  it("shows positions as m:ss and from an hour as h:mm:ss", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(5.9)).toBe("0:05");
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(600)).toBe("10:00");
    expect(formatClock(3725)).toBe("1:02:05");
    expect(formatClock(Number.NaN)).toBe("0:00");
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe("0:00");
    expect(formatClock(-3)).toBe("0:00");
  });

  it("shows the time left with a minus sign", () => {
    expect(formatRemaining(0, 300)).toBe("-5:00");
    expect(formatRemaining(59.5, 300)).toBe("-4:01");
    expect(formatRemaining(300, 300)).toBe("-0:00");
    expect(formatRemaining(10, Number.NaN)).toBe("-0:00");
  });

  it("reads positions out in words", () => {
    expect(spokenClock(0)).toBe("0 seconds");
    expect(spokenClock(61)).toBe("1 minute 1 second");
    expect(spokenClock(3600)).toBe("1 hour");
  });

  it("skips 10 seconds without leaving the stream", () => {
    expect(skipTarget(5, -10, 100)).toBe(0);
    expect(skipTarget(95, 10, 100)).toBe(100);
    expect(skipTarget(40, 10, 100)).toBe(50);
    expect(skipTarget(40, 10, Number.NaN)).toBe(50);
  });

  it("shows minutes and sessions the catalogue's way", () => {
    expect(formatMinutes(12)).toBe("12 min");
    expect(formatMinutes(null)).toBeNull();
    expect(formatSessions(1)).toBe("1 session");
    expect(formatSessions(8)).toBe("8 sessions");
  });
});

describe("soundscape volume", () => {
  it("mirrors the voice's volume rounded to 2 decimals", () => {
    expect(roundVolume(0.456)).toBe(0.46);
    expect(roundVolume(0.333333)).toBe(0.33);
    expect(roundVolume(1)).toBe(1);
    expect(roundVolume(0)).toBe(0);
    expect(roundVolume(0.005)).toBe(0.01);
    expect(roundVolume(1.2)).toBe(1);
    expect(roundVolume(-0.1)).toBe(0);
  });
});
