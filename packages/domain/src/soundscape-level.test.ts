import { describe, expect, it } from "vitest";
import { BED_UNDER_VOICE_LEVEL, bedLevelFor, bedVolume, levelInDecibels, parseBedLevel } from "./soundscape-level.ts";

describe("the soundscape's level under a voice", () => {
  it("starts about 10 dB below the voice until the member sets a level", () => {
    expect(BED_UNDER_VOICE_LEVEL).toBe(0.32);
    expect(levelInDecibels(BED_UNDER_VOICE_LEVEL)).toBeCloseTo(-9.9, 1);
    expect(bedLevelFor(null)).toBe(0.32);
    expect(bedLevelFor(undefined)).toBe(0.32);
    expect(bedLevelFor(Number.NaN)).toBe(0.32);
  });

  it("keeps the member's own level, even silence or the voice's full volume, within 0 to 1", () => {
    expect(bedLevelFor(0.6)).toBe(0.6);
    expect(bedLevelFor(0)).toBe(0);
    expect(bedLevelFor(1)).toBe(1);
    expect(bedLevelFor(1.4)).toBe(1);
    expect(bedLevelFor(-0.2)).toBe(0);
  });

  it("reads back only a level from 0 to 1 kept on the device", () => {
    expect(parseBedLevel("0.45")).toBe(0.45);
    expect(parseBedLevel("0")).toBe(0);
    expect(parseBedLevel("1")).toBe(1);
    for (const raw of [null, undefined, "", "  ", "loud", "1.5", "-0.1", "NaN", "Infinity"]) expect(parseBedLevel(raw)).toBeNull();
  });

  it("plays the bed at the voice's volume times the level, rounded to 2 decimals", () => {
    expect(bedVolume(1, BED_UNDER_VOICE_LEVEL)).toBe(0.32);
    expect(bedVolume(0.85, BED_UNDER_VOICE_LEVEL)).toBe(0.27);
    expect(bedVolume(0.456, 0.5)).toBe(0.23);
    expect(bedVolume(0.5, 1)).toBe(0.5);
    expect(bedVolume(0, 1)).toBe(0);
    expect(bedVolume(Number.NaN, 0.5)).toBe(0.5);
    expect(bedVolume(2, 1)).toBe(1);
  });
});
