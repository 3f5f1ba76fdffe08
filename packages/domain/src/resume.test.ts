import { describe, expect, it } from "vitest";
import { isFinished, keepsPosition, positionProblems, resumeAt, RESUME_REWIND_SECONDS } from "./resume.ts";

describe("resumeAt", () => {
  it("continues a few seconds before the saved place of a long session", () => {
    expect(resumeAt(600.7, 1_200)).toBe(Math.floor(600.7 - RESUME_REWIND_SECONDS));
    expect(resumeAt(20, 1_200)).toBe(17);
  });

  it("starts again when the member barely began (15 s, or a tenth of a short item)", () => {
    expect(resumeAt(14.9, 1_200)).toBeNull();
    expect(resumeAt(15, 1_200)).toBe(12);
    expect(resumeAt(5, 53)).toBeNull();
    expect(resumeAt(5.3, 53)).toBe(2);
  });

  it("starts again after the end: within 30 s of it, or the last twentieth of a short item", () => {
    expect(resumeAt(1_169, 1_200)).toBe(1_166);
    expect(resumeAt(1_170, 1_200)).toBeNull();
    expect(resumeAt(50, 53)).toBe(47);
    expect(resumeAt(50.4, 53)).toBeNull();
  });

  it("never answers for a place without a duration or before 0", () => {
    expect(resumeAt(100, 0)).toBeNull();
    expect(resumeAt(-1, 100)).toBeNull();
    expect(resumeAt(Number.NaN, 100)).toBeNull();
  });
});

describe("isFinished", () => {
  it("is the end margin, and false without a duration", () => {
    expect(isFinished(1_170, 1_200)).toBe(true);
    expect(isFinished(1_169, 1_200)).toBe(false);
    expect(isFinished(10, 0)).toBe(false);
  });
});

describe("keepsPosition", () => {
  it("sounds and music loop and keep no place; sessions, stories and CBT do", () => {
    expect(keepsPosition("music-soundscape")).toBe(false);
    expect(keepsPosition("music-soundscape-playlist")).toBe(false);
    expect(keepsPosition("meditation-sleep")).toBe(true);
    expect(keepsPosition("meditation-sleep-course")).toBe(true);
    expect(keepsPosition("cbt")).toBe(true);
  });
});

describe("positionProblems", () => {
  it("allows a second past the end, not more", () => {
    expect(positionProblems(101, 100)).toEqual({});
    expect(positionProblems(101.5, 100)).toEqual({ position: ["The position must not be greater than the duration."] });
  });
});
