import { describe, expect, it } from "vitest";
import { AMBIENT_BEDS, ambientBedOf, bedOptions, bedUrl, chosenBed, keepBedChoice, readBedChoices } from "./soundscape-beds.ts";

const RAIN = "/media/free/ambient/rain/index.m3u8";
const CDN_OCEAN = "https://media.example.com/free/ambient/ocean/index.m3u8";

describe("the soundscape under a session", () => {
  it("knows the five ambient beds of the media pack by their addresses", () => {
    expect(AMBIENT_BEDS.map((bed) => bed.id)).toEqual(["rain", "ocean", "forest", "brown-noise", "night"]);
    expect(ambientBedOf(RAIN)).toBe("rain");
    expect(ambientBedOf(CDN_OCEAN)).toBe("ocean");
    expect(ambientBedOf("/media/free/ambient/brown-noise/index.m3u8?v=2")).toBe("brown-noise");
    expect(ambientBedOf("/media/free/ambient/thunder/index.m3u8")).toBeNull();
    expect(ambientBedOf("/media/free/morning-light/audio-male/index.m3u8")).toBeNull();
    expect(ambientBedOf(null)).toBeNull();
  });

  it("offers the item's own bed first, the four others, then None", () => {
    expect(bedOptions(RAIN)).toEqual([
      { choice: "own", label: "Rain (its own)" },
      { choice: "ocean", label: "Ocean" },
      { choice: "forest", label: "Forest" },
      { choice: "brown-noise", label: "Brown noise" },
      { choice: "night", label: "Night" },
      { choice: "none", label: "None" },
    ]);
    expect(bedOptions(CDN_OCEAN).map((option) => option.choice)).toEqual(["own", "rain", "forest", "brown-noise", "night", "none"]);
  });

  it("offers only its own and None for a bed outside the pack, and nothing without a bed", () => {
    expect(bedOptions("/media/free/special/bed/index.m3u8")).toEqual([
      { choice: "own", label: "Its own" },
      { choice: "none", label: "None" },
    ]);
    expect(bedOptions(null)).toEqual([]);
    expect(bedOptions("")).toEqual([]);
  });

  it("plays the chosen bed from beside the item's own, or nothing for None", () => {
    expect(bedUrl(RAIN, "own")).toBe(RAIN);
    expect(bedUrl(RAIN, "forest")).toBe("/media/free/ambient/forest/index.m3u8");
    expect(bedUrl(CDN_OCEAN, "night")).toBe("https://media.example.com/free/ambient/night/index.m3u8");
    expect(bedUrl(RAIN, "none")).toBeNull();
    expect(bedUrl(null, "rain")).toBeNull();
    // Outside the pack nothing can be derived: its own plays.
    expect(bedUrl("/media/free/special/bed/index.m3u8", "rain")).toBe("/media/free/special/bed/index.m3u8");
  });

  it("uses the remembered choice while it is offered, and the item's own otherwise", () => {
    expect(chosenBed(RAIN, "ocean")).toBe("ocean");
    expect(chosenBed(RAIN, "none")).toBe("none");
    expect(chosenBed(RAIN, undefined)).toBe("own");
    expect(chosenBed(RAIN, "thunder")).toBe("own");
    expect(chosenBed(RAIN, 3)).toBe("own");
    expect(chosenBed("/media/free/special/bed/index.m3u8", "ocean")).toBe("own");
    expect(chosenBed("/media/free/special/bed/index.m3u8", "none")).toBe("none");
  });

  it("remembers a choice per item, forgets a return to the own bed, and keeps only the latest items", () => {
    let kept = keepBedChoice(null, "meditation-sleep-11", "ocean");
    expect(kept).toEqual({ "meditation-sleep-11": "ocean" });
    kept = keepBedChoice(kept, "cbt-30", "none");
    expect(kept).toEqual({ "meditation-sleep-11": "ocean", "cbt-30": "none" });
    kept = keepBedChoice(kept, "meditation-sleep-11", "own");
    expect(kept).toEqual({ "cbt-30": "none" });
    kept = keepBedChoice({ a: "rain", b: "forest", c: "night" }, "a", "ocean", 3);
    expect(Object.keys(kept)).toEqual(["b", "c", "a"]);
    kept = keepBedChoice(kept, "d", "rain", 3);
    expect(kept).toEqual({ c: "night", a: "ocean", d: "rain" });
  });

  it("reads back only real choices from whatever the device held", () => {
    expect(readBedChoices({ a: "rain", b: "thunder", c: 4, d: "none", e: "own" })).toEqual([
      ["a", "rain"],
      ["d", "none"],
    ]);
    for (const broken of [null, "rain", ["rain"], 7]) expect(readBedChoices(broken)).toEqual([]);
  });
});
