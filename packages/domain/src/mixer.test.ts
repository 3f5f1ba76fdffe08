import { describe, expect, it } from "vitest";
import { MIXER_MESSAGES, mixProblems } from "./mixer.ts";

describe("mixProblems", () => {
  const beds = new Set([10, 11, 12]);
  const isBed = (id: number) => beds.has(id);
  it("accepts up to three different soundscapes", () => {
    expect(
      mixProblems(
        [
          { id: 10, volume: 1 },
          { id: 11, volume: 0.4 },
          { id: 12, volume: 0 },
        ],
        isBed,
      ),
    ).toEqual({});
  });
  it("names the layer that repeats a sound, or that is not a soundscape", () => {
    expect(
      mixProblems(
        [
          { id: 10, volume: 1 },
          { id: 10, volume: 0.5 },
        ],
        isBed,
      ),
    ).toEqual({ "layers.1.id": [MIXER_MESSAGES.duplicate] });
    expect(mixProblems([{ id: 99, volume: 1 }], isBed)).toEqual({ "layers.0.id": [MIXER_MESSAGES.notABed] });
  });
});
