import { and, asc, desc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import {
  addDays,
  CALENDAR_DAYS,
  dayOfIndex,
  MAX_SESSION_SECONDS,
  runsOf,
  type ListeningInterval,
  type ListeningSummary,
} from "@serene/domain";
import { contentShares, contentViews, favorites, listeningSessions, playHistory, type Database } from "@serene/db";
import { memberWrites } from "../accounts/accounts.repository.ts";

export type ListeningSessionRow = typeof listeningSessions.$inferSelect;
type Runner = Pick<Database, "execute">;

/** PostgreSQL's "time zone not recognized" (SQLSTATE 22023), wherever the driver wraps it. */
export const isUnknownZone = (error: unknown): boolean => {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === "22023" && /time zone/i.test(String((cause as Error).message))) return true;
  return false;
};

/**
 * The first key of the per-member advisory lock that keeps the day roll-up whole (decision 034). Reports take it
 * shared (they never wait for each other on it; they do on the belief lock below, decision 054); building a zone's roll-up takes it exclusive, so a build waits for the
 * reports in flight to commit and sees their sessions, and a report arriving during a build waits for it and then
 * adds its session to the new rows as well. Nothing is counted twice or lost.
 */
const ROLL_UP_LOCK = 34_001;
const lockForReport = (tx: Runner, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock_shared(${ROLL_UP_LOCK}, hashtext(${userId}))`);
const lockForBuild = (tx: Runner, userId: string) => tx.execute(sql`select pg_advisory_xact_lock(${ROLL_UP_LOCK}, hashtext(${userId}))`);

/**
 * The first key of the per-member lock under which a report is believed (decision 054): reports of one member
 * take it exclusive, one after another, so a report is checked against every session kept before it, and two
 * overlapping reports sent at once cannot both be kept. Taken before the roll-up lock, and never by a build.
 */
const BELIEF_LOCK = 54_001;
const lockForBelief = (tx: Runner, userId: string) => tx.execute(sql`select pg_advisory_xact_lock(${BELIEF_LOCK}, hashtext(${userId}))`);

/**
 * Builds one zone's roll-up from every session of the member, in one statement. Only while the zone has no
 * rows (checked under the member's lock): a second build, started while the first waited for the lock, adds nothing.
 */
const buildDays = (tx: Runner, userId: string, timeZone: string) =>
  tx.execute(sql`
    insert into listening_days (user_id, time_zone, day, seconds, sessions, longest_seconds)
    select ${userId}::uuid, ${timeZone}, (started_at at time zone ${timeZone})::date, sum(seconds)::int, count(*)::int, max(seconds)
    from listening_sessions
    where user_id = ${userId}::uuid
      and not exists (select 1 from listening_days where user_id = ${userId}::uuid and time_zone = ${timeZone})
    group by 3
    on conflict (user_id, time_zone, day) do nothing`);

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows?: Row[] }).rows ?? (result as Row[]);
/** An int[] as the driver hands it over: an array, or PostgreSQL's text form where the driver does not parse it. */
const intsOf = (value: unknown): number[] =>
  value == null ? [] : Array.isArray(value) ? value.map(Number) : String(value).replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);

/**
 * Sums up a zone's whole roll-up in one index range scan, reading the summary's version in the same snapshot:
 * totals, every day with listening as a day number (the runs are counted in Node, a loop over integers), and the
 * seconds of the days after `since`. The sums are kept only while the version is still the one read: a report
 * committed since has added one, and its session is missing from these sums. No lock is held while summing.
 */
async function sumUp(
  db: Database,
  userId: string,
  timeZone: string,
  since: string,
): Promise<{ summary: ListeningSummary; recent: { index: number; seconds: number }[] } | null> {
  await db.execute(sql`
    insert into listening_summaries (user_id, time_zone) values (${userId}::uuid, ${timeZone}) on conflict (user_id, time_zone) do nothing`);
  const [row] = rowsOf(
    await db.execute(sql`
      select (select version from listening_summaries where user_id = ${userId}::uuid and time_zone = ${timeZone}) as version,
             count(*)::int as days, coalesce(sum(sessions), 0)::int as sessions, coalesce(sum(seconds), 0)::bigint as seconds,
             coalesce(max(longest_seconds), 0)::int as longest_seconds,
             array_agg(day - date '1970-01-01' order by day) as day_numbers,
             array_agg(seconds order by day) filter (where day > ${since}::date) as recent_seconds
      from listening_days
      where user_id = ${userId}::uuid and time_zone = ${timeZone} and sessions > 0`),
  );
  const dayNumbers = intsOf(row!.day_numbers);
  const recentSeconds = intsOf(row!.recent_seconds);
  const runs = runsOf(dayNumbers);
  const summary: ListeningSummary = {
    days: Number(row!.days),
    sessions: Number(row!.sessions),
    seconds: Number(row!.seconds),
    longestSeconds: Number(row!.longest_seconds),
    longestRun: runs.longest,
    lastRun: runs.last,
    lastDay: dayNumbers.length > 0 ? dayOfIndex(dayNumbers.at(-1)!) : null,
  };
  await db.execute(sql`
    update listening_summaries
    set summary_version = version, days = ${summary.days}, sessions = ${summary.sessions}, seconds = ${summary.seconds},
        longest_seconds = ${summary.longestSeconds}, longest_run = ${summary.longestRun}, last_run = ${summary.lastRun},
        last_day = ${summary.lastDay}::date
    where user_id = ${userId}::uuid and time_zone = ${timeZone} and version = ${Number(row!.version)}`);
  if (summary.days === 0) return null;
  const firstRecent = dayNumbers.length - recentSeconds.length;
  return { summary, recent: recentSeconds.map((seconds, i) => ({ index: dayNumbers[firstRecent + i]!, seconds })) };
}

/** A member's own activity. Every query names the owner. */
export function createLibraryRepository(db: Database) {
  // Read on every content detail: built once and prepared, and planned once (a generic plan).
  // One round trip for the player's progress marks: plays (seconds -1) and each item's longest
  // session, read from the index (user_id, item_id, seconds): only the sessions of these items.
  const progress = unionAll(
    db
      .select({ itemId: playHistory.itemId, seconds: sql<number>`-1`.as("seconds") })
      .from(playHistory)
      .where(
        and(eq(playHistory.userId, sql.placeholder("userId")), sql`${playHistory.itemId} = any(${sql.placeholder("itemIds")}::int[])`),
      ),
    db
      .select({
        itemId: sql<number>`${listeningSessions.itemId}`.as("item_id"),
        seconds: sql<number>`max(${listeningSessions.seconds})::int`.as("seconds"),
      })
      .from(listeningSessions)
      .where(
        and(
          eq(listeningSessions.userId, sql.placeholder("userId")),
          sql`${listeningSessions.itemId} = any(${sql.placeholder("itemIds")}::int[])`,
        ),
      )
      .groupBy(listeningSessions.itemId),
  ).prepare("library_progress");

  /** Builds a zone's roll-up once, from every session (a no-op when it exists), under the member's exclusive lock. */
  const buildZone = (userId: string, timeZone: string) =>
    db.transaction(async (tx) => {
      await lockForBuild(tx, userId);
      await buildDays(tx, userId, timeZone);
      await tx.execute(sql`
        insert into listening_summaries (user_id, time_zone, version) values (${userId}::uuid, ${timeZone}, 1)
        on conflict (user_id, time_zone) do update set version = listening_summaries.version + 1`);
    });

  /** Zone names the database answered for (it knows them, or not), kept for the life of the process. */
  const zonesAsked = new Map<string, boolean>();

  return {
    /**
     * Whether the database knows this time zone (its IANA copy can differ from Intl's): asked once per name. A
     * zone it does not know would fail every day computation later, so it is refused before it is stored.
     */
    async knowsZone(timeZone: string): Promise<boolean> {
      const known = zonesAsked.get(timeZone);
      if (known !== undefined) return known;
      let answer = true;
      try {
        // In a savepoint of its own: inside a keyed write's one transaction (decision 066) the failure must not end it.
        await db.transaction((tx) => tx.execute(sql`select now() at time zone ${timeZone}`));
      } catch (error) {
        if (!isUnknownZone(error)) throw error;
        answer = false;
      }
      if (zonesAsked.size < 1_000) zonesAsked.set(timeZone, answer);
      return answer;
    },

    /** Which of these items the member has played, and the longest session reported for each. */
    async progress(userId: string, itemIds: number[]): Promise<{ played: Set<number>; longest: Map<number, number> }> {
      if (itemIds.length === 0) return { played: new Set(), longest: new Map() };
      const rows = await progress.execute({ userId, itemIds });
      return {
        played: new Set(rows.filter((row) => row.seconds < 0).map((row) => row.itemId)),
        longest: new Map(rows.filter((row) => row.seconds >= 0).map((row) => [row.itemId, row.seconds])),
      };
    },

    addFavorite: (userId: string, itemId: number) => db.insert(favorites).values({ userId, itemId }).onConflictDoNothing(),
    removeFavorite: (userId: string, itemId: number) =>
      db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.itemId, itemId))),
    favoriteIds: async (userId: string, limit: number) =>
      (
        await db
          .select({ itemId: favorites.itemId })
          .from(favorites)
          .where(eq(favorites.userId, userId))
          .orderBy(desc(favorites.createdAt), asc(favorites.itemId))
          .limit(limit)
      ).map((row) => row.itemId),

    async recordPlay(userId: string, itemId: number, at: Date) {
      await db
        .insert(playHistory)
        .values({ userId, itemId, playedAt: at })
        .onConflictDoUpdate({ target: [playHistory.userId, playHistory.itemId], set: { playedAt: at } });
    },
    recentlyPlayedIds: async (userId: string, limit: number) =>
      (
        await db
          .select({ itemId: playHistory.itemId })
          .from(playHistory)
          .where(eq(playHistory.userId, userId))
          .orderBy(desc(playHistory.playedAt), asc(playHistory.itemId))
          .limit(limit)
      ).map((row) => row.itemId),

    async recordView(userId: string, itemId: number, at: Date) {
      await db.insert(contentViews).values({ userId, itemId, viewedAt: at });
    },

    /**
     * Keeps a reported session and adds it to the day roll-up of every zone the member has one for, in one
     * transaction; then, when `timeZone` had no roll-up, builds it from every session, this one included (the
     * roll-up lock exclusive, in a transaction of its own). First, under the member's belief lock, `believe` is
     * handed the member's sessions that meet this one (one index range: a session lasts at most 24 hours); when
     * it throws, nothing is kept. The roll-up lock is then taken shared, as every report takes it.
     */
    async reportSession(
      row: { userId: string; itemId: number | null; startedAt: Date; endedAt: Date; seconds: number },
      timeZone: string,
      believe: (others: ListeningInterval[]) => void,
    ): Promise<ListeningSessionRow> {
      const { created, zones } = await db.transaction(async (tx) => {
        await lockForBelief(tx, row.userId);
        const others = await tx
          .select({ start: listeningSessions.startedAt, end: listeningSessions.endedAt })
          .from(listeningSessions)
          .where(
            and(
              eq(listeningSessions.userId, row.userId),
              gte(listeningSessions.startedAt, new Date(row.startedAt.getTime() - MAX_SESSION_SECONDS * 1000)),
              lt(listeningSessions.startedAt, row.endedAt),
              gt(listeningSessions.endedAt, row.startedAt),
            ),
          );
        believe(others);
        await lockForReport(tx, row.userId);
        const [kept] = await tx.insert(listeningSessions).values(row).returning();
        // Last in the transaction: the day's row and the zone's summary stay locked (against other reports of the
        // member) only briefly. Summaries are locked in the order of their zones, the same in every report.
        const updated = await tx.execute(sql`
          with days as (
            insert into listening_days (user_id, time_zone, day, seconds, sessions, longest_seconds)
            select ${row.userId}::uuid, zone.time_zone, (${row.startedAt.toISOString()}::timestamptz at time zone zone.time_zone)::date,
                   ${row.seconds}::int, 1, ${row.seconds}::int
            from (select distinct time_zone from listening_days where user_id = ${row.userId}::uuid) zone
            on conflict (user_id, time_zone, day) do update set
              seconds = listening_days.seconds + excluded.seconds,
              sessions = listening_days.sessions + 1,
              longest_seconds = greatest(listening_days.longest_seconds, excluded.longest_seconds)
            returning time_zone)
          insert into listening_summaries (user_id, time_zone, version)
          select ${row.userId}::uuid, time_zone, 1 from days order by time_zone
          on conflict (user_id, time_zone) do update set version = listening_summaries.version + 1
          returning time_zone`);
        const rows = (updated as { rows?: { time_zone: string }[] }).rows ?? (updated as unknown as { time_zone: string }[]);
        return { created: kept!, zones: new Set(rows.map((zone) => zone.time_zone)) };
      });
      if (!zones.has(timeZone)) await buildZone(row.userId, timeZone);
      return created;
    },

    /**
     * A zone's statistics (decision 034): its summary row with the seconds of the days after `today` minus
     * CALENDAR_DAYS, in one query. A summary behind its version (a report or a build since) is summed up again
     * from the roll-up: see sumUp. Null when the zone has no roll-up (or no listening).
     */
    async summary(
      userId: string,
      timeZone: string,
      today: string,
    ): Promise<{ summary: ListeningSummary; recent: { index: number; seconds: number }[] } | null> {
      const since = addDays(today, -CALENDAR_DAYS);
      const [row] = rowsOf(
        await db.execute(sql`
          select s.version, s.summary_version, s.days, s.sessions, s.seconds, s.longest_seconds, s.longest_run, s.last_run,
                 s.last_day - date '1970-01-01' as last_day_number, year.day_numbers, year.seconds as recent_seconds
          from listening_summaries s
          left join lateral (
            select array_agg(d.day - date '1970-01-01' order by d.day) as day_numbers, array_agg(d.seconds order by d.day) as seconds
            from listening_days d
            where d.user_id = s.user_id and d.time_zone = s.time_zone and d.day > ${since}::date and d.sessions > 0
          ) year on true
          where s.user_id = ${userId}::uuid and s.time_zone = ${timeZone}`),
      );
      if (!row || row.summary_version === null || Number(row.summary_version) !== Number(row.version))
        return sumUp(db, userId, timeZone, since);
      if (Number(row.days) === 0) return null;
      const dayNumbers = intsOf(row.day_numbers);
      return {
        summary: {
          days: Number(row.days),
          sessions: Number(row.sessions),
          seconds: Number(row.seconds),
          longestSeconds: Number(row.longest_seconds),
          longestRun: Number(row.longest_run),
          lastRun: Number(row.last_run),
          lastDay: dayOfIndex(Number(row.last_day_number)),
        },
        recent: intsOf(row.recent_seconds).map((seconds, i) => ({ index: dayNumbers[i]!, seconds })),
      };
    },

    /** Whether the member ever reported a session. */
    hasSessions: async (userId: string): Promise<boolean> =>
      (
        await db
          .select({ one: sql<number>`1` })
          .from(listeningSessions)
          .where(eq(listeningSessions.userId, userId))
          .limit(1)
      ).length > 0,

    /** Builds a zone's roll-up once, from every session (a no-op when it exists; safe against a report arriving meanwhile). */
    buildDays: (userId: string, timeZone: string) => buildZone(userId, timeZone),

    /** Remembers the zone the member's browser sent (on their row, which the accounts module writes). */
    setTimeZone: (userId: string, timeZone: string) => memberWrites.setTimeZone(db, userId, timeZone),

    /** The member copied an item's share link. */
    recordShare: async (userId: string, itemId: number, at: Date) => {
      await db.insert(contentShares).values({ userId, itemId, createdAt: at });
    },
  };
}
export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
