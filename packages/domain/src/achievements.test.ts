import { describe, expect, it } from "vitest";
import {
  ACHIEVEMENT_NAMES,
  ACHIEVEMENTS,
  AWARD_RULES,
  AWARD_THRESHOLDS,
  completionFacts,
  earnedAchievements,
  lastReceived,
  listeningKindOf,
  newAchievements,
  NO_ACTIVITY,
  type MemberActivityFacts,
} from "./achievements.ts";
import { isComplete, secondsToComplete } from "./content.ts";

type Patch = Partial<Omit<MemberActivityFacts, "completed">> & { completed?: Partial<MemberActivityFacts["completed"]> };
const facts = (patch: Patch = {}): MemberActivityFacts => ({
  ...NO_ACTIVITY,
  ...patch,
  completed: { ...NO_ACTIVITY.completed, ...patch.completed },
});

describe("the badge catalogue", () => {
  it("has the fourteen machine names of the spec, each once, each with a rule", () => {
    expect(ACHIEVEMENT_NAMES).toHaveLength(14);
    expect(new Set(ACHIEVEMENT_NAMES).size).toBe(14);
    expect(Object.keys(AWARD_RULES).sort()).toEqual([...ACHIEVEMENT_NAMES].sort());
    for (const badge of ACHIEVEMENTS) expect(badge.name.length * badge.description.length).toBeGreaterThan(0);
  });

  it("earns nothing without activity", () => {
    expect(earnedAchievements(NO_ACTIVITY)).toEqual([]);
  });
});

describe("each rule at its threshold", () => {
  // [badge, just below, exactly at]
  const edges: [string, Patch, Patch][] = [
    ["add_a_favorite", { favorites: 0 }, { favorites: 1 }],
    ["cbt_healed", { cbtCoursesCompleted: 0, completed: { cbt: 10 } }, { cbtCoursesCompleted: 1 }],
    [
      "daily",
      { longestStreak: AWARD_THRESHOLDS.dailyStreakDays - 1, currentStreak: 6 },
      { longestStreak: AWARD_THRESHOLDS.dailyStreakDays },
    ],
    ["deep_sleeper", { sleepNights: AWARD_THRESHOLDS.deepSleeperNights - 1 }, { sleepNights: AWARD_THRESHOLDS.deepSleeperNights }],
    ["first_course_session", { courseSessionsCompleted: 0 }, { courseSessionsCompleted: 1 }],
    ["first_single", { completed: { meditation: 0, other: 3 } }, { completed: { meditation: 1 } }],
    ["first_sleep", { completed: { sleepcast: 0 }, sleepNights: 0 }, { completed: { sleepcast: 1 } }],
    ["first_therapy", { completed: { cbt: 0 } }, { completed: { cbt: 1 } }],
    ["influencer", { shares: 0 }, { shares: 1 }],
    ["first_worksheet", { worksheetsCompleted: 0 }, { worksheetsCompleted: 1 }],
    ["month_of_calm", { longestStreak: AWARD_THRESHOLDS.monthStreakDays - 1 }, { longestStreak: AWARD_THRESHOLDS.monthStreakDays }],
    ["music_lover", { musicMinutes: AWARD_THRESHOLDS.musicLoverMinutes - 1 }, { musicMinutes: AWARD_THRESHOLDS.musicLoverMinutes }],
    ["note_taker", { notes: 0 }, { notes: 1 }],
    [
      "the_basics",
      { completed: { meditation: 1, music: 1 }, favorites: 1, notes: 1 },
      { completed: { meditation: 1, music: 1, other: 1 }, favorites: 1, notes: 1 },
    ],
  ];

  it("covers every badge", () => {
    expect(edges.map(([name]) => name).sort()).toEqual([...ACHIEVEMENT_NAMES].sort());
  });

  it.each(edges)("%s: not just below, yes at the threshold", (name, below, at) => {
    expect(earnedAchievements(facts(below))).not.toContain(name);
    expect(earnedAchievements(facts(at))).toContain(name);
  });

  it("the basics needs all three: sessions, a favourite and a note", () => {
    const all = { completed: { cbt: 3 }, favorites: 1, notes: 1 };
    expect(AWARD_RULES.the_basics(facts(all))).toBe(true);
    expect(AWARD_RULES.the_basics(facts({ ...all, favorites: 0 }))).toBe(false);
    expect(AWARD_RULES.the_basics(facts({ ...all, notes: 0 }))).toBe(false);
    expect(AWARD_RULES.the_basics(facts({ ...all, completed: { cbt: 2 } }))).toBe(false);
  });

  it("streak badges follow the best run, so a broken current run keeps them earned", () => {
    expect(AWARD_RULES.daily(facts({ longestStreak: 7, currentStreak: 0 }))).toBe(true);
    expect(AWARD_RULES.daily(facts({ longestStreak: 3, currentStreak: 3 }))).toBe(false);
  });
});

describe("newAchievements", () => {
  it("leaves out what the member holds, in catalogue order", () => {
    const active = facts({ favorites: 2, notes: 1, shares: 1 });
    expect(earnedAchievements(active)).toEqual(["add_a_favorite", "influencer", "note_taker"]);
    expect(newAchievements(active, ["influencer"])).toEqual(["add_a_favorite", "note_taker"]);
    expect(newAchievements(active, ["add_a_favorite", "influencer", "note_taker"])).toEqual([]);
  });
});

describe("listeningKindOf", () => {
  it.each([
    [{ model: "cbt", type: "Cognitive Behavioral Therapy" }, "cbt"],
    [{ model: "cbt", type: "Journal" }, "cbt"],
    [{ model: "music-soundscape", type: "Nature Soundscapes" }, "music"],
    [{ model: "meditation-sleep", type: "Sleepcasts" }, "sleepcast"],
    [{ model: "meditation-sleep", type: "Meditations" }, "meditation"],
    [{ model: "meditation-sleep", type: "Breathing Exercises" }, "other"],
    [{ model: "cbt-course", type: "Cognitive Behavioral Therapy" }, "other"],
  ])("%j is %s", (item, kind) => {
    expect(listeningKindOf(item)).toBe(kind);
  });
});

describe("complete: 80% of the item in one go", () => {
  it("is the presenter's rule", () => {
    expect(secondsToComplete(100)).toBe(80);
    expect(secondsToComplete(57.046)).toBe(46);
    expect(secondsToComplete(null)).toBeNull();
    expect(secondsToComplete(0)).toBeNull();
    expect(isComplete(79, 100)).toBe(false);
    expect(isComplete(80, 100)).toBe(true);
    expect(isComplete(45, 57.046)).toBe(false);
    expect(isComplete(46, 57.046)).toBe(true);
    expect(isComplete(10_000, null)).toBe(false);
  });
});

describe("lastReceived", () => {
  const t = (iso: string) => new Date(iso);
  it("is the latest received, ties by the later place in the catalogue, none when empty", () => {
    expect(lastReceived([])).toBeNull();
    expect(
      lastReceived([
        { machineName: "note_taker", receivedAt: t("2026-01-02T00:00:00Z") },
        { machineName: "add_a_favorite", receivedAt: t("2026-01-03T00:00:00Z") },
      ]),
    ).toBe("add_a_favorite");
    expect(
      lastReceived([
        { machineName: "the_basics", receivedAt: t("2026-01-03T00:00:00Z") },
        { machineName: "add_a_favorite", receivedAt: t("2026-01-03T00:00:00Z") },
        { machineName: "note_taker", receivedAt: t("2026-01-03T00:00:00Z") },
      ]),
    ).toBe("the_basics");
    expect(lastReceived([{ machineName: "retired_badge", receivedAt: t("2030-01-01T00:00:00Z") }])).toBeNull();
  });
});

describe("completionFacts", () => {
  const items = [
    { id: 1, model: "meditation-sleep", type: "Meditations", durationSeconds: 600, children: [] },
    { id: 7, model: "meditation-sleep", type: "Sleepcasts", durationSeconds: 600, children: [] },
    { id: 20, model: "cbt", type: "Cognitive Behavioral Therapy", durationSeconds: 600, children: [] },
    { id: 26, model: "meditation-sleep-course", type: "Meditations", durationSeconds: null, children: [27, 28] },
    { id: 27, model: "meditation-sleep", type: "Meditations", durationSeconds: 600, children: [] },
    { id: 28, model: "meditation-sleep", type: "Meditations", durationSeconds: 600, children: [] },
    { id: 37, model: "cbt-course", type: "Cognitive Behavioral Therapy", durationSeconds: null, children: [38, 39] },
    { id: 38, model: "cbt", type: "Cognitive Behavioral Therapy", durationSeconds: 600, children: [] },
    { id: 39, model: "cbt", type: "Cognitive Behavioral Therapy", durationSeconds: 600, children: [] },
    { id: 40, model: "cbt-course", type: "Cognitive Behavioral Therapy", durationSeconds: null, children: [] },
    { id: 42, model: "music-soundscape", type: "Nature Soundscapes", durationSeconds: 600, children: [] },
    { id: 11, model: "meditation-sleep", type: "Breathing Exercises", durationSeconds: 600, children: [] },
  ];

  it("counts nothing when nothing is complete (and an empty course is never complete)", () => {
    expect(completionFacts(items, new Set())).toEqual({
      completed: { meditation: 0, sleepcast: 0, cbt: 0, music: 0, other: 0 },
      courseSessionsCompleted: 0,
      cbtCoursesCompleted: 0,
    });
  });

  it("counts a course's meditation as a course session, not a single meditation", () => {
    expect(completionFacts(items, new Set([27]))).toMatchObject({ completed: { meditation: 0 }, courseSessionsCompleted: 1 });
    expect(completionFacts(items, new Set([1, 27]))).toMatchObject({ completed: { meditation: 1 }, courseSessionsCompleted: 1 });
  });

  it("finishes a CBT course only with every session complete", () => {
    expect(completionFacts(items, new Set([38]))).toMatchObject({
      completed: { cbt: 1 },
      courseSessionsCompleted: 1,
      cbtCoursesCompleted: 0,
    });
    expect(completionFacts(items, new Set([38, 39]))).toMatchObject({
      completed: { cbt: 2 },
      courseSessionsCompleted: 2,
      cbtCoursesCompleted: 1,
    });
  });

  it("sorts sleepcasts, music and other practices", () => {
    expect(completionFacts(items, new Set([7, 42, 11, 20])).completed).toEqual({ meditation: 0, sleepcast: 1, cbt: 1, music: 1, other: 1 });
  });
});
