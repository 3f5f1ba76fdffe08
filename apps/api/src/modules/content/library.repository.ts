import { and, asc, desc, eq, sql } from "drizzle-orm";
import { contentViews, favorites, listeningSessions, playHistory, type Database } from "@serene/db";

export type ListeningSessionRow = typeof listeningSessions.$inferSelect;

/** A member's own activity. Every query names the owner. */
export function createLibraryRepository(db: Database) {
  // Read on every content detail: built once and prepared. One round trip, one row per item:
  // whether the member has played it, and their longest session of it (an index probe each, so
  // a long listening history costs nothing here).
  const member = sql.placeholder("userId");
  const progress = db
    .select({
      itemId: sql<number>`i.item_id`.as("item_id"),
      played: sql<boolean>`exists (select 1 from ${playHistory} where ${playHistory.userId} = ${member} and ${playHistory.itemId} = i.item_id)`.as("played"),
      longest: sql<
        number | null
      >`(select max(${listeningSessions.seconds}) from ${listeningSessions} where ${listeningSessions.userId} = ${member} and ${listeningSessions.itemId} = i.item_id)`.as("longest"),
    })
    .from(sql`unnest(${sql.placeholder("itemIds")}::int[]) as i(item_id)`)
    .prepare("library_progress");
  const insertSession = db
    .insert(listeningSessions)
    .values({
      userId: sql.placeholder("userId"),
      itemId: sql.placeholder("itemId"),
      startedAt: sql.placeholder("startedAt"),
      endedAt: sql.placeholder("endedAt"),
      seconds: sql.placeholder("seconds"),
    })
    .returning()
    .prepare("library_insert_session");

  return {
    /** Which of these items the member has played, and the longest session reported for each. */
    async progress(userId: string, itemIds: number[]): Promise<{ played: Set<number>; longest: Map<number, number> }> {
      if (itemIds.length === 0) return { played: new Set(), longest: new Map() };
      const rows = await progress.execute({ userId, itemIds });
      return {
        played: new Set(rows.filter((row) => row.played).map((row) => row.itemId)),
        longest: new Map(rows.flatMap((row) => (row.longest === null ? [] : [[row.itemId, row.longest] as const]))),
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

    async insertSession(row: { userId: string; itemId: number | null; startedAt: Date; endedAt: Date; seconds: number }): Promise<ListeningSessionRow> {
      const [created] = await insertSession.execute(row);
      return created!;
    },
    sessions: (userId: string) =>
      db
        .select({ startedAt: listeningSessions.startedAt, seconds: listeningSessions.seconds })
        .from(listeningSessions)
        .where(eq(listeningSessions.userId, userId)),
  };
}
export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
