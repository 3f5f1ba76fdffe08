import type { AchievementList, EarnedAchievement } from "@serene/contracts";
import {
  ACHIEVEMENTS,
  completionFacts,
  lastReceived,
  listeningKindOf,
  newAchievements,
  NO_ACTIVITY,
  secondsToComplete,
  SLEEP_NIGHT_SECONDS,
  type AchievementName,
  type BadgeItem,
  type MemberActivityFacts,
} from "@serene/domain";
import { presentBadge, presentEarned as present } from "./achievements.presenter.ts";
import type { AchievementsRepository, CompletionTargets, FactTargets } from "./achievements.repository.ts";

/** What the write that asks for the award did, when it knows: only the facts it could change are gathered. */
export interface AwardHint {
  /** A listening session was reported: its item (null for none) and its length. */
  listened?: { itemId: number | null; seconds: number };
}

/**
 * Badges (decision 034). `award` gathers what the member has done, evaluates the pure rules of
 * packages/domain/src/achievements.ts and keeps each new badge once, however often or concurrently it is
 * called: call it after any write that could earn one, and put its answer in the write's `earned`.
 */
export function createAchievementsService(deps: {
  repository: AchievementsRepository;
  /** The catalogue's items (the content module's snapshot). */
  items: () => Promise<Iterable<BadgeItem>>;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** Which items are checked for completion, music and sleep, from the catalogue (it changes only with ingest). */
  function targetsOf(items: BadgeItem[]): FactTargets {
    const complete: CompletionTargets = { ids: [], seconds: [] };
    const sleep: CompletionTargets = { ids: [], seconds: [] };
    const musicIds: number[] = [];
    for (const item of items) {
      const needed = secondsToComplete(item.durationSeconds);
      const kind = listeningKindOf(item);
      if (kind === "music") musicIds.push(item.id);
      if (needed === null) continue;
      complete.ids.push(item.id);
      complete.seconds.push(needed);
      if (kind === "sleepcast") {
        sleep.ids.push(item.id);
        sleep.seconds.push(Math.min(needed, SLEEP_NIGHT_SECONDS));
      }
    }
    return { complete, sleep, musicIds };
  }

  /** The badges that read each costly fact: while any of them is not held, the fact is gathered. */
  const NEEDS = {
    completed: ["cbt_healed", "first_course_session", "first_single", "first_sleep", "first_therapy", "the_basics"],
    music: ["music_lover"],
    sleep: ["deep_sleeper"],
    streaks: ["daily", "month_of_calm"],
  } satisfies Record<string, readonly AchievementName[]>;

  /**
   * The fact groups a listening session can change: a badge's rule turns true only when one of its facts changes,
   * and the write that changes it asks for the award, so a session that completes nothing needs no completion
   * facts, one of a sleepcast no music facts, and so on. Without a hint every group is gathered.
   */
  function needsAfter(items: BadgeItem[], hint: AwardHint | undefined): typeof NEEDS {
    const listened = hint?.listened;
    if (!listened) return NEEDS;
    const item = listened.itemId === null ? undefined : items.find((candidate) => candidate.id === listened.itemId);
    const needed = item ? secondsToComplete(item.durationSeconds) : null;
    const kind = item ? listeningKindOf(item) : "other";
    return {
      completed: needed !== null && listened.seconds >= needed ? NEEDS.completed : [],
      music: kind === "music" ? NEEDS.music : [],
      sleep: kind === "sleepcast" && needed !== null && listened.seconds >= Math.min(needed, SLEEP_NIGHT_SECONDS) ? NEEDS.sleep : [],
      streaks: NEEDS.streaks,
    };
  }

  /** The member's badges and what the rules look at (facts not gathered are left at zero), as of `at`. */
  async function factsOf(userId: string, at: Date, hint?: AwardHint): Promise<{ held: string[]; facts: MemberActivityFacts }> {
    const items = [...(await deps.items())];
    const row = await repository.activity(userId, targetsOf(items), needsAfter(items, hint), at);
    return {
      held: row.held,
      facts: {
        ...NO_ACTIVITY,
        favorites: row.favorites,
        notes: row.notes,
        shares: row.shares,
        worksheetsCompleted: row.worksheets,
        ...(row.completedIds ? completionFacts(items, new Set(row.completedIds)) : {}),
        musicMinutes: Math.floor((row.musicSeconds ?? 0) / 60),
        sleepNights: row.sleepNights ?? 0,
        currentStreak: row.currentRun ?? 0,
        longestStreak: row.longestRun ?? 0,
      },
    };
  }

  return {
    /**
     * Awards the badges the member's activity now earns and they do not hold; answers the ones this call added,
     * in catalogue order (empty when none). Safe to repeat and to race: each badge is kept once.
     */
    async award(userId: string, at: Date = now(), hint?: AwardHint): Promise<EarnedAchievement[]> {
      const { held, facts } = await factsOf(userId, at, hint);
      if (held.length >= ACHIEVEMENTS.length) return [];
      const due = newAchievements(facts, held);
      const added = new Set(await repository.grant(userId, due, at));
      return due.filter((name) => added.has(name)).map(present);
    },

    /** GET /user/achievements: all fourteen in catalogue order; isLast marks the one received most recently. */
    async list(userId: string): Promise<AchievementList> {
      const received = await repository.received(userId);
      const at = new Map(received.map((row) => [row.machineName, row.receivedAt]));
      const last = lastReceived(received);
      return {
        data: ACHIEVEMENTS.map((badge) => presentBadge(badge, at.get(badge.machine_name), badge.machine_name === last)),
      };
    },
  };
}
export type AchievementsService = ReturnType<typeof createAchievementsService>;
