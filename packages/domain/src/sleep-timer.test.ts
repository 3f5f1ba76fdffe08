import { describe, expect, it } from "vitest";
import { fadeFactor, SLEEP_TIMER_CHOICES, sleepTimerLabel } from "./sleep-timer.ts";

describe("the sleep timer", () => {
  it("offers 5, 10, 15, 30, 45 and 60 minutes and the end of the session, with plain names", () => {
    expect(SLEEP_TIMER_CHOICES.map(sleepTimerLabel)).toEqual([
      "5 minutes",
      "10 minutes",
      "15 minutes",
      "30 minutes",
      "45 minutes",
      "1 hour",
      "End of this session",
    ]);
  });

  it("plays at full volume until the last 30 seconds, then fades evenly to nothing", () => {
    expect(fadeFactor(600)).toBe(1);
    expect(fadeFactor(30)).toBe(1);
    expect(fadeFactor(15)).toBeCloseTo(0.25, 5);
    expect(fadeFactor(3)).toBeCloseTo(0.01, 5);
    expect(fadeFactor(0)).toBe(0);
    expect(fadeFactor(-2)).toBe(0);
    expect(fadeFactor(Number.NaN)).toBe(0);
    // Never louder as time runs out.
    const steps = Array.from({ length: 31 }, (_, i) => fadeFactor(30 - i));
    expect(steps.every((value, i) => i === 0 || value <= steps[i - 1]!)).toBe(true);
  });
});
