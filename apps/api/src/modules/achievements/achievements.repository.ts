import { asc, eq, sql } from "drizzle-orm";
import { memberAchievements, type Database } from "@serene/db";

export type MemberAchievementRow = typeof memberAchievements.$inferSelect;

/** Items whose sessions are checked: each id with the seconds one session must reach. */
export interface CompletionTargets {
  ids: number[];
  seconds: number[];
}

/** What the catalogue says the facts are made of (see AchievementsService). */
export interface FactTargets {
  /** Items with a known length, and the seconds that complete each. */
  complete: CompletionTargets;
  /** Sleepcasts, and the seconds that make a night of each. */
  sleep: CompletionTargets;
  musicIds: number[];
}

/** The facts as the database counts them; null for a fact not gathered (every badge that reads it is held). */
export interface ActivityRow {
  held: string[];
  favorites: number;
  notes: number;
  shares: number;
  worksheets: number;
  completedIds: number[] | null;
  musicSeconds: number | null;
  sleepNights: number | null;
  longestRun: number | null;
  currentRun: number | null;
}

/** An int[] parameter as one value (PostgreSQL's array literal); drizzle would spread a JS array into a row. */
const ints = (values: readonly number[]) => `{${values.map((n) => Math.trunc(n)).join(",")}}`;
const names = (values: readonly string[]) => `{${values.join(",")}}`;

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

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
    async grant(userId: string, badges: readonly string[], at: Date): Promise<string[]> {
      if (badges.length === 0) return [];
      const added = await db
        .insert(memberAchievements)
        .values(badges.map((machineName) => ({ userId, machineName, receivedAt: at })))
        .onConflictDoNothing()
        .returning({ machineName: memberAchievements.machineName });
      return added.map((row) => row.machineName);
    },

    /**
     * Everything the rules read, in one round trip, as of `at`. The member's badges come first; each costly fact
     * is gathered only while a badge that reads it is not held (`needs`: fact → those badges), so a member with a
     * long history pays for it until they earn those badges and never again. Counts are index-only ranges of the
     * member's own rows; a completed item is one index probe per item. Streaks and sleep nights are counted in
     * the zone the member's browser last sent (else UTC); a sleep night is the evening of a long enough sleepcast
     * session (local time minus 12 hours, so 23:30 and 01:00 are one night).
     */
    async activity(
      userId: string,
      targets: FactTargets,
      needs: { completed: readonly string[]; music: readonly string[]; sleep: readonly string[]; streaks: readonly string[] },
      at: Date,
    ): Promise<ActivityRow> {
      const user = sql`${userId}::uuid`;
      const wanted = (badges: readonly string[]) => sql`not (${names(badges)}::text[] <@ (select badges from held))`;
      const result = await db.execute(sql`
        with zone as (
          select coalesce((select time_zone from users where id = ${user}), 'UTC') as name
        ), held as (
          select coalesce(array_agg(machine_name::text), '{}') as badges from member_achievements where user_id = ${user}
        ), runs as (
          select count(*)::int as length, max(day) as last_day
          from (
            select day, day - (row_number() over (order by day))::int as run
            from listening_days
            where user_id = ${user} and time_zone = (select name from zone) and sessions > 0
          ) listened
          group by run
        )
        select
          (select badges from held) as held,
          (select count(*) from favorites where user_id = ${user})::int as favorites,
          (select count(*) from notes where user_id = ${user})::int as notes,
          (select count(*) from content_shares where user_id = ${user})::int as shares,
          (select count(*) from workbook_entries where user_id = ${user})::int as worksheets,
          case when ${wanted(needs.completed)} then (
            select coalesce(array_agg(target.id), '{}')
            from unnest(${ints(targets.complete.ids)}::int[], ${ints(targets.complete.seconds)}::int[]) as target(id, seconds)
            where exists (
              select 1 from listening_sessions s where s.user_id = ${user} and s.item_id = target.id and s.seconds >= target.seconds
            )
          ) end as completed_ids,
          case when ${wanted(needs.music)} then (
            select coalesce(sum(seconds), 0)::bigint from listening_sessions
            where user_id = ${user} and item_id = any(${ints(targets.musicIds)}::int[])
          ) end as music_seconds,
          case when ${wanted(needs.sleep)} then (
            select count(distinct ((s.started_at at time zone (select name from zone)) - interval '12 hours')::date)::int
            from listening_sessions s
            join unnest(${ints(targets.sleep.ids)}::int[], ${ints(targets.sleep.seconds)}::int[]) as night(id, seconds) on s.item_id = night.id
            where s.user_id = ${user} and s.seconds >= night.seconds
          ) end as sleep_nights,
          case when ${wanted(needs.streaks)} then (select coalesce(max(length), 0) from runs) end as longest_run,
          case when ${wanted(needs.streaks)} then coalesce((
            select length from runs
            where last_day >= ((${at.toISOString()}::timestamptz at time zone (select name from zone))::date - 1)
            order by last_day desc limit 1
          ), 0) end as current_run`);
      const row = rowsOf<Record<string, unknown>>(result)[0]!;
      const list = <T>(value: unknown): T[] | null =>
        value === null || value === undefined
          ? null
          : typeof value === "string"
            ? (value.replace(/[{}]/g, "").split(",").filter(Boolean) as T[])
            : (value as T[]);
      return {
        held: list<string>(row.held) ?? [],
        favorites: Number(row.favorites),
        notes: Number(row.notes),
        shares: Number(row.shares),
        worksheets: Number(row.worksheets),
        completedIds: list<number | string>(row.completed_ids)?.map(Number) ?? null,
        musicSeconds: numberOrNull(row.music_seconds),
        sleepNights: numberOrNull(row.sleep_nights),
        longestRun: numberOrNull(row.longest_run),
        currentRun: numberOrNull(row.current_run),
      };
    },
  };
}
export type AchievementsRepository = ReturnType<typeof createAchievementsRepository>;
