/**
 * The badges a member can earn (spec 001 section 3: Achievement; decision 034). The spec lists fourteen
 * machine names and hides two of them; `first_worksheet` and `month_of_calm` are ours. The order is the
 * spec's, and the grid shows them in this order.
 */
export const ACHIEVEMENTS = [
  { machine_name: "add_a_favorite", name: "First Favourite", description: "Saved a first session to your favourites." },
  { machine_name: "cbt_healed", name: "CBT Graduate", description: "Finished every session of a CBT course." },
  { machine_name: "daily", name: "Daily Practice", description: "Practised seven days in a row." },
  { machine_name: "deep_sleeper", name: "Deep Sleeper", description: "Fell asleep to a sleepcast on five different nights." },
  { machine_name: "first_course_session", name: "Course Starter", description: "Completed a first session of a course." },
  { machine_name: "first_single", name: "First Meditation", description: "Completed a first guided meditation." },
  { machine_name: "first_sleep", name: "First Sleepcast", description: "Listened to a first sleepcast to its end." },
  { machine_name: "first_therapy", name: "First CBT Session", description: "Completed a first CBT session." },
  { machine_name: "influencer", name: "Kind Sharer", description: "Shared a session with someone." },
  { machine_name: "first_worksheet", name: "Reflective Writer", description: "Completed a first CBT workbook." },
  { machine_name: "month_of_calm", name: "Month of Calm", description: "Practised thirty days in a row." },
  { machine_name: "music_lover", name: "Music Lover", description: "Listened to an hour of music and soundscapes." },
  { machine_name: "note_taker", name: "Note Taker", description: "Wrote a first note." },
  { machine_name: "the_basics", name: "The Basics", description: "Completed three sessions, saved a favourite and wrote a note." },
] as const;

export type AchievementName = (typeof ACHIEVEMENTS)[number]["machine_name"];
export const ACHIEVEMENT_NAMES: readonly AchievementName[] = ACHIEVEMENTS.map((badge) => badge.machine_name);

/*
 * Award rules (decision 034): pure functions over what a member has done. The server gathers the facts with a
 * few cheap queries after each write that could earn a badge, and keeps each badge once (a badge is never taken
 * back, even when what earned it is later undone: a favourite removed, a note deleted).
 */

/** What kind of listening an item is, for the badges. */
export type ListeningKind = "meditation" | "sleepcast" | "cbt" | "music" | "other";

/**
 * The kind of a catalogue item: a CBT session (`cbt`), music or a soundscape (`music-soundscape`), a sleepcast
 * (a meditation-sleep item of type Sleepcasts), a guided meditation (type Meditations), anything else (breathing,
 * affirmations, body work, journal) is "other". Courses and playlists are containers, never listened to themselves.
 */
export function listeningKindOf(item: { model: string; type: string }): ListeningKind {
  if (item.model === "cbt") return "cbt";
  if (item.model === "music-soundscape") return "music";
  if (item.model === "meditation-sleep" && item.type === "Sleepcasts") return "sleepcast";
  if (item.model === "meditation-sleep" && item.type === "Meditations") return "meditation";
  return "other";
}

/** Everything the award rules look at. Counts of distinct things; "completed" means complete (COMPLETE_SHARE in one go). */
export interface MemberActivityFacts {
  favorites: number;
  /** Distinct items completed, by kind. `meditation` counts single meditations only (not sessions of a course). */
  completed: { meditation: number; sleepcast: number; cbt: number; music: number; other: number };
  /** Distinct sessions of a course completed (any course). */
  courseSessionsCompleted: number;
  /** CBT courses with every session completed. */
  cbtCoursesCompleted: number;
  notes: number;
  /** Days in a row with listening, in the member's time zone: the run ending today or yesterday, and the best run ever. */
  currentStreak: number;
  longestStreak: number;
  /** Whole minutes listened to music and soundscapes, all sessions. */
  musicMinutes: number;
  /** Nights with at least SLEEP_NIGHT_SECONDS of a sleepcast (or all of a shorter one). */
  sleepNights: number;
  shares: number;
  /** Workbooks the member filled in to the end (each entry is a completed one). */
  worksheetsCompleted: number;
}

export const NO_ACTIVITY: MemberActivityFacts = {
  favorites: 0,
  completed: { meditation: 0, sleepcast: 0, cbt: 0, music: 0, other: 0 },
  courseSessionsCompleted: 0,
  cbtCoursesCompleted: 0,
  notes: 0,
  currentStreak: 0,
  longestStreak: 0,
  musicMinutes: 0,
  sleepNights: 0,
  shares: 0,
  worksheetsCompleted: 0,
};

/** The thresholds of the rules, named so tests and the decision record speak of the same numbers. */
export const AWARD_THRESHOLDS = {
  dailyStreakDays: 7,
  monthStreakDays: 30,
  deepSleeperNights: 5,
  musicLoverMinutes: 60,
  basicsCompletedSessions: 3,
} as const;

/** A sleepcast night: this much of a sleepcast in one go (or all of a shorter one, by the complete rule). */
export const SLEEP_NIGHT_SECONDS = 10 * 60;

const completedTotal = (facts: MemberActivityFacts) => Object.values(facts.completed).reduce((sum, n) => sum + n, 0);

/** Each badge's rule. */
export const AWARD_RULES: Record<AchievementName, (facts: MemberActivityFacts) => boolean> = {
  add_a_favorite: (f) => f.favorites >= 1,
  cbt_healed: (f) => f.cbtCoursesCompleted >= 1,
  daily: (f) => f.longestStreak >= AWARD_THRESHOLDS.dailyStreakDays,
  deep_sleeper: (f) => f.sleepNights >= AWARD_THRESHOLDS.deepSleeperNights,
  first_course_session: (f) => f.courseSessionsCompleted >= 1,
  first_single: (f) => f.completed.meditation >= 1,
  first_sleep: (f) => f.completed.sleepcast >= 1,
  first_therapy: (f) => f.completed.cbt >= 1,
  influencer: (f) => f.shares >= 1,
  first_worksheet: (f) => f.worksheetsCompleted >= 1,
  month_of_calm: (f) => f.longestStreak >= AWARD_THRESHOLDS.monthStreakDays,
  music_lover: (f) => f.musicMinutes >= AWARD_THRESHOLDS.musicLoverMinutes,
  note_taker: (f) => f.notes >= 1,
  the_basics: (f) => completedTotal(f) >= AWARD_THRESHOLDS.basicsCompletedSessions && f.favorites >= 1 && f.notes >= 1,
};

/** The badges these facts earn, in catalogue order. */
export function earnedAchievements(facts: MemberActivityFacts): AchievementName[] {
  return ACHIEVEMENT_NAMES.filter((name) => AWARD_RULES[name](facts));
}

/** The badges these facts earn that the member does not hold yet, in catalogue order. */
export function newAchievements(facts: MemberActivityFacts, held: Iterable<string>): AchievementName[] {
  const have = new Set(held);
  return earnedAchievements(facts).filter((name) => !have.has(name));
}

/** The catalogue entry of a machine name. */
export function achievementOf(name: AchievementName): (typeof ACHIEVEMENTS)[number] {
  return ACHIEVEMENTS.find((badge) => badge.machine_name === name)!;
}

/**
 * The badge received most recently, for isLast: the latest `receivedAt`; among equal times the one later in
 * the catalogue (awarded in catalogue order in one go, so the last of them). Null when none was received.
 */
export function lastReceived(received: readonly { machineName: string; receivedAt: Date }[]): string | null {
  let best: { machineName: string; receivedAt: Date; order: number } | null = null;
  for (const row of received) {
    const order = ACHIEVEMENT_NAMES.indexOf(row.machineName as AchievementName);
    if (order < 0) continue;
    const time = row.receivedAt.getTime();
    if (!best || time > best.receivedAt.getTime() || (time === best.receivedAt.getTime() && order > best.order)) best = { ...row, order };
  }
  return best?.machineName ?? null;
}

/** A catalogue item as the award rules see it. */
export interface BadgeItem {
  id: number;
  model: string;
  type: string;
  durationSeconds: number | null;
  /** Sessions of a course or audios of a playlist, in order. */
  children: readonly number[];
}

const COURSE_MODELS = new Set(["meditation-sleep-course", "cbt-course"]);

/**
 * The completion facts from the items a member completed: distinct items by kind (single meditations only: a
 * meditation inside a course counts as a course session), course sessions, and CBT courses whose every session
 * is complete (a course without sessions is never complete).
 */
export function completionFacts(
  items: Iterable<BadgeItem>,
  completedIds: ReadonlySet<number>,
): Pick<MemberActivityFacts, "completed" | "courseSessionsCompleted" | "cbtCoursesCompleted"> {
  const all = [...items];
  const inCourse = new Set(all.filter((item) => COURSE_MODELS.has(item.model)).flatMap((item) => item.children));
  const completed = { meditation: 0, sleepcast: 0, cbt: 0, music: 0, other: 0 };
  let courseSessionsCompleted = 0;
  for (const item of all) {
    if (!completedIds.has(item.id)) continue;
    const kind = listeningKindOf(item);
    if (kind !== "meditation" || !inCourse.has(item.id)) completed[kind] += 1;
    if (inCourse.has(item.id)) courseSessionsCompleted += 1;
  }
  const cbtCoursesCompleted = all.filter(
    (item) => item.model === "cbt-course" && item.children.length > 0 && item.children.every((id) => completedIds.has(id)),
  ).length;
  return { completed, courseSessionsCompleted, cbtCoursesCompleted };
}
