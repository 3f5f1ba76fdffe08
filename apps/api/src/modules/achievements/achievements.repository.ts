import { and, asc, eq, sql } from "drizzle-orm";
import { listeningDays, memberAchievements, users, type Database } from "@serene/db";

export type MemberAchievementRow = typeof memberAchievements.$inferSelect;

/** Items whose sessions are checked for completion: each id with the seconds one session must reach. */
export interface CompletionTargets {
  ids: number[];
  seconds: number[];
}

/** The counts the award rules read, each an index-only range of the member's own rows. */
export interface ActivityCounts {
  favorites: number;
  notes: number;
  shares: number;
  worksheets: number;
}

/** An int[] parameter as one value (PostgreSQL's array literal); drizzle would spread a JS array into a row. */
const ints = (values: readonly number[]) => `{${values.map((n) => Math.trunc(n)).join(",")}}`;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** A member's badges, and the facts about their activity the badges are awarded on. Every query names the owner. */
export function createAchievementsRepository(db: Database) {
  return {
    /** The badges the member received. */
    received: (userId: string): Promise<MemberAchievementRow[]> =>
      db.select().from(memberAchievements).where(eq(memberAchievements.userId, userId)).orderBy(asc(memberAchievements.receivedAt)),

    /**
     * Keeps the badges the member does not hold yet; answers only the ones this call added. A badge is one row per
     * member (primary key), so repeated or racing calls add it once: the others find the conflict and add nothing.
     */
    async grant(userId: string, names: readonly string[], at: Date): Promise<string[]> {
      if (names.length === 0) return [];
      const added = await db
        .insert(memberAchievements)
        .values(names.map((machineName) => ({ userId, machineName, receivedAt: at })))
        .onConflictDoNothing()
        .returning({ machineName: memberAchievements.machineName });
      return added.map((row) => row.machineName);
    },

    /** The items of `targets` the member completed: one session of at least the item's seconds (an index probe each). */
    async completedIds(userId: string, targets: CompletionTargets): Promise<Set<number>> {
      if (targets.ids.length === 0) return new Set();
      const result = await db.execute(sql`
        select target.id from unnest(${ints(targets.ids)}::int[], ${ints(targets.seconds)}::int[]) as target(id, seconds)
        where exists (
          select 1 from listening_sessions s
          where s.user_id = ${userId}::uuid and s.item_id = target.id and s.seconds >= target.seconds
        )`);
      return new Set(rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
    },

    /** Counts for the rules in one round trip. */
    async counts(userId: string): Promise<ActivityCounts> {
      const result = await db.execute(sql`
        select
          (select count(*) from favorites where user_id = ${userId}::uuid)::int as favorites,
          (select count(*) from notes where user_id = ${userId}::uuid)::int as notes,
          (select count(*) from content_shares where user_id = ${userId}::uuid)::int as shares,
          (select count(*) from workbook_entries where user_id = ${userId}::uuid)::int as worksheets`);
      const row = rowsOf<Record<string, number | string>>(result)[0]!;
      return { favorites: Number(row.favorites), notes: Number(row.notes), shares: Number(row.shares), worksheets: Number(row.worksheets) };
    },

    /** Seconds listened to these (music) items, every session added up: an index-only range per item. */
    async secondsOf(userId: string, itemIds: number[]): Promise<number> {
      const result = await db.execute(sql`
        select coalesce(sum(seconds), 0)::bigint as seconds from listening_sessions
        where user_id = ${userId}::uuid and item_id = any(${ints(itemIds)}::int[])`);
      return Number(rowsOf<{ seconds: number | string }>(result)[0]!.seconds);
    },

    /**
     * Nights with a sleepcast session long enough: the evening it belongs to is the local time minus 12 hours,
     * so 23:30 and 01:00 are one night.
     */
    async sleepNights(userId: string, sleep: CompletionTargets, timeZone: string): Promise<number> {
      const result = await db.execute(sql`
        select count(distinct ((s.started_at at time zone ${timeZone}) - interval '12 hours')::date)::int as nights
        from listening_sessions s
        join unnest(${ints(sleep.ids)}::int[], ${ints(sleep.seconds)}::int[]) as night(id, seconds) on s.item_id = night.id
        where s.user_id = ${userId}::uuid and s.seconds >= night.seconds`);
      return Number(rowsOf<{ nights: number | string }>(result)[0]!.nights);
    },

    /** The time zone the member's browser last sent; null when never. */
    timeZone: async (userId: string): Promise<string | null> =>
      (await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)))[0]?.timeZone ?? null,

    /** The days with listening in the member's zone (from the day roll-up), for the streak badges. */
    listeningDays: async (userId: string, timeZone: string): Promise<string[]> =>
      (
        await db
          .select({ day: listeningDays.day })
          .from(listeningDays)
          .where(and(eq(listeningDays.userId, userId), eq(listeningDays.timeZone, timeZone)))
      ).map((row) => row.day),
  };
}
export type AchievementsRepository = ReturnType<typeof createAchievementsRepository>;
