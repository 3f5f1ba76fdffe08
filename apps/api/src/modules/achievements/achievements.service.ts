import type { AchievementList, EarnedAchievement } from "@serene/contracts";
import {
  ACHIEVEMENTS,
  achievementOf,
  completionFacts,
  DEFAULT_TIME_ZONE,
  lastReceived,
  listeningKindOf,
  localDay,
  newAchievements,
  NO_ACTIVITY,
  secondsToComplete,
  SLEEP_NIGHT_SECONDS,
  streaksOf,
  type AchievementName,
  type BadgeItem,
  type MemberActivityFacts,
} from "@serene/domain";
import type { AchievementsRepository, CompletionTargets } from "./achievements.repository";

const present = (name: AchievementName): EarnedAchievement => {
  const badge = achievementOf(name);
  return { name: badge.name, machine_name: badge.machine_name, description: badge.description };
};

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
  function targetsOf(items: BadgeItem[]) {
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

  /**
   * What the rules look at, as of `at`. Facts that only badges the member already holds depend on are not
   * gathered (they stay at zero): a member with a long history pays for the listening facts until they earn
   * those badges, and never again.
   */
  async function factsOf(userId: string, at: Date, held: ReadonlySet<string>): Promise<MemberActivityFacts> {
    const wanted = (...names: AchievementName[]) => names.some((name) => !held.has(name));
    const items = [...(await deps.items())];
    const targets = targetsOf(items);
    const facts: MemberActivityFacts = { ...NO_ACTIVITY };
    const counts = await repository.counts(userId);
    Object.assign(facts, {
      favorites: counts.favorites,
      notes: counts.notes,
      shares: counts.shares,
      worksheetsCompleted: counts.worksheets,
    });
    if (wanted("cbt_healed", "first_course_session", "first_single", "first_sleep", "first_therapy", "the_basics"))
      Object.assign(facts, completionFacts(items, await repository.completedIds(userId, targets.complete)));
    if (wanted("music_lover")) facts.musicMinutes = Math.floor((await repository.secondsOf(userId, targets.musicIds)) / 60);
    if (wanted("deep_sleeper", "daily", "month_of_calm")) {
      // Streaks and sleep nights are counted in the zone the member's browser last sent (else UTC).
      const timeZone = (await repository.timeZone(userId)) ?? DEFAULT_TIME_ZONE;
      if (wanted("deep_sleeper")) facts.sleepNights = await repository.sleepNights(userId, targets.sleep, timeZone);
      if (wanted("daily", "month_of_calm")) {
        const streaks = streaksOf(await repository.listeningDays(userId, timeZone), localDay(at, timeZone));
        facts.currentStreak = streaks.current;
        facts.longestStreak = streaks.longest;
      }
    }
    return facts;
  }

  return {
    /**
     * Awards the badges the member's activity now earns and they do not hold; answers the ones this call added,
     * in catalogue order (empty when none). Safe to repeat and to race: each badge is kept once.
     */
    async award(userId: string, at: Date = now()): Promise<EarnedAchievement[]> {
      const held = new Set((await repository.received(userId)).map((row) => row.machineName));
      if (held.size >= ACHIEVEMENTS.length) return [];
      const due = newAchievements(await factsOf(userId, at, held), held);
      const added = new Set(await repository.grant(userId, due, at));
      return due.filter((name) => added.has(name)).map(present);
    },

    /** GET /user/achievements: all fourteen in catalogue order; isLast marks the one received most recently. */
    async list(userId: string): Promise<AchievementList> {
      const received = await repository.received(userId);
      const at = new Map(received.map((row) => [row.machineName, row.receivedAt]));
      const last = lastReceived(received);
      return {
        data: ACHIEVEMENTS.map((badge) => {
          const receivedAt = at.get(badge.machine_name);
          return {
            name: badge.name,
            machine_name: badge.machine_name,
            description: badge.description,
            isReceived: receivedAt !== undefined,
            isLast: badge.machine_name === last,
            received_at: receivedAt ? receivedAt.toISOString() : null,
          };
        }),
      };
    },
  };
}
export type AchievementsService = ReturnType<typeof createAchievementsService>;
