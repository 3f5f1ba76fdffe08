import { describe, expect, it } from "vitest";
import {
  countOfType,
  listInWords,
  premiumOpensLine,
  premiumSummary,
  shouldWelcome,
  trialEndsSentence,
  WELCOME_FLAG_MAX_AGE_MS,
  welcomeFlagValue,
} from "./purchase-welcome.ts";

describe("premiumSummary", () => {
  const items = [
    { id: 1, model: "meditation-sleep", type: "Meditations", free: true, parentId: null },
    { id: 2, model: "meditation-sleep", type: "Meditations", free: false, parentId: null },
    { id: 3, model: "meditation-sleep", type: "Sleepcasts", free: false, parentId: null },
    { id: 4, model: "cbt", type: "Cognitive Behavioral Therapy", free: false, parentId: null },
    // A free course with one locked session: the session counts, the course counts once as a collection.
    { id: 10, model: "meditation-sleep-course", type: "Meditations", free: true, parentId: null },
    { id: 11, model: "meditation-sleep", type: "Meditations", free: true, parentId: 10 },
    { id: 12, model: "meditation-sleep", type: "Meditations", free: false, parentId: 10 },
    // A course whose sessions are all free opens nothing new.
    { id: 20, model: "cbt-course", type: "Cognitive Behavioral Therapy", free: true, parentId: null },
    { id: 21, model: "cbt", type: "Cognitive Behavioral Therapy", free: true, parentId: 20 },
    // A locked playlist.
    { id: 30, model: "music-soundscape-playlist", type: "Nature Soundscapes", free: false, parentId: null },
    { id: 31, model: "music-soundscape", type: "Nature Soundscapes", free: false, parentId: 30 },
  ] as const;

  it("counts locked sessions by type in the catalogue's order, and the courses and playlists holding them", () => {
    expect(premiumSummary(items)).toEqual({
      lockedSessions: 5,
      lockedCollections: 2,
      types: [
        { type: "Meditations", locked: 2 },
        { type: "Sleepcasts", locked: 1 },
        { type: "Cognitive Behavioral Therapy", locked: 1 },
        { type: "Nature Soundscapes", locked: 1 },
      ],
    });
  });

  it("is empty for a catalogue where everything is free", () => {
    expect(premiumSummary(items.filter((item) => item.free))).toEqual({ lockedSessions: 0, lockedCollections: 0, types: [] });
  });

  it("puts types it does not know after the known ones", () => {
    const summary = premiumSummary([
      { id: 1, model: "meditation-sleep", type: "Yoga Nidra", free: false, parentId: null },
      { id: 2, model: "meditation-sleep", type: "Affirmations", free: false, parentId: null },
    ]);
    expect(summary.types.map((entry) => entry.type)).toEqual(["Affirmations", "Yoga Nidra"]);
  });
});

describe("premiumOpensLine", () => {
  it("counts each type in words, one or many", () => {
    expect(countOfType("Sleepcasts", 1)).toBe("1 sleepcast");
    expect(countOfType("Cognitive Behavioral Therapy", 4)).toBe("4 CBT sessions");
    expect(countOfType("Yoga Nidra", 2)).toBe("2 Yoga Nidra");
  });

  it("joins the types with commas and a last 'and'", () => {
    expect(listInWords([])).toBe("");
    expect(listInWords(["a"])).toBe("a");
    expect(listInWords(["a", "b"])).toBe("a and b");
    expect(
      premiumOpensLine([
        { type: "Meditations", locked: 7 },
        { type: "Sleepcasts", locked: 3 },
        { type: "Relaxing Music", locked: 1 },
      ]),
    ).toBe("7 meditations, 3 sleepcasts and 1 music track");
  });

  it("has nothing to say when nothing is locked", () => {
    expect(premiumOpensLine([])).toBeNull();
    expect(premiumOpensLine([{ type: "Meditations", locked: 0 }])).toBeNull();
  });
});

describe("trialEndsSentence", () => {
  const trial = { status: "trialing", next_charge_at: "2026-12-03T09:15:00Z", next_charge_amount: "$59.99", billing_period: "year" };

  it("says when the trial ends and what is charged, dated in UTC as the trial e-mail dates it", () => {
    expect(trialEndsSentence(trial)).toBe(
      "Your free trial ends on 3 December 2026. Then $59.99 is charged for the next year, unless you cancel before.",
    );
    // Late in the evening in UTC is still that day, wherever the member is.
    expect(trialEndsSentence({ ...trial, next_charge_at: "2026-12-03T23:59:59Z" })).toMatch(/ends on 3 December 2026\./);
    expect(trialEndsSentence({ ...trial, billing_period: "3 months", next_charge_amount: "€29.99" })).toBe(
      "Your free trial ends on 3 December 2026. Then €29.99 is charged for the next 3 months, unless you cancel before.",
    );
  });

  it("says nothing for a paid plan, a cancelled trial or a date it cannot read", () => {
    expect(trialEndsSentence({ ...trial, status: "active" })).toBeNull();
    expect(trialEndsSentence({ ...trial, next_charge_at: null })).toBeNull();
    expect(trialEndsSentence({ ...trial, next_charge_amount: null })).toBeNull();
    expect(trialEndsSentence({ ...trial, next_charge_at: "soon" })).toBeNull();
    expect(trialEndsSentence({ status: null, next_charge_at: null, next_charge_amount: null, billing_period: null })).toBeNull();
  });
});

describe("the welcome's device flag", () => {
  const bought = new Date("2026-11-28T10:00:00Z");
  const later = (ms: number) => new Date(bought.getTime() + ms);

  it("welcomes on the page landed on soon after the purchase", () => {
    const flag = welcomeFlagValue(bought);
    expect(shouldWelcome(flag, bought)).toBe(true);
    expect(shouldWelcome(flag, later(5_000))).toBe(true);
    expect(shouldWelcome(flag, later(WELCOME_FLAG_MAX_AGE_MS))).toBe(true);
  });

  it("does not welcome without a flag, long after, from the future or from a flag it cannot read", () => {
    expect(shouldWelcome(null, bought)).toBe(false);
    expect(shouldWelcome(welcomeFlagValue(bought), later(WELCOME_FLAG_MAX_AGE_MS + 1))).toBe(false);
    expect(shouldWelcome(welcomeFlagValue(later(5 * 60_000)), bought)).toBe(false);
    expect(shouldWelcome("1", bought)).toBe(false);
    expect(shouldWelcome("{", bought)).toBe(false);
    expect(shouldWelcome('{"at":"yesterday"}', bought)).toBe(false);
    expect(shouldWelcome("null", bought)).toBe(false);
  });
});
