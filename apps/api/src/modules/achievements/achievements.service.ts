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

  /** Everything the rules look at, as of `at`. */
  async function factsOf(userId: string, at: Date): Promise<MemberActivityFacts> {
    const items = [...(await deps.items())];
    const targets = targetsOf(items);
    // Streaks and sleep nights are counted in the zone the member's browser last sent (else UTC).
    const timeZone = (await repository.timeZone(userId)) ?? DEFAULT_TIME_ZONE;
    const completedIds = await repository.completedIds(userId, targets.complete);
    const counts = await repository.counts(userId, { musicIds: targets.musicIds, sleep: targets.sleep, timeZone });
    const streaks = streaksOf(await repository.listeningDays(userId, timeZone), localDay(at, timeZone));
    return {
      favorites: counts.favorites,
      ...completionFacts(items, completedIds),
      notes: counts.notes,
      currentStreak: streaks.current,
      longestStreak: streaks.longest,
      musicMinutes: Math.floor(counts.musicSeconds / 60),
      sleepNights: counts.sleepNights,
      shares: counts.shares,
      worksheetsCompleted: counts.worksheets,
    };
  }

  return {
    /**
     * Awards the badges the member's activity now earns and they do not hold; answers the ones this call added,
     * in catalogue order (empty when none). Safe to repeat and to race: each badge is kept once.
     */
    async award(userId: string, at: Date = now()): Promise<EarnedAchievement[]> {
      const held = (await repository.received(userId)).map((row) => row.machineName);
      if (held.length >= ACHIEVEMENTS.length) return [];
      const due = newAchievements(await factsOf(userId, at), held);
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
