import { and, asc, desc, eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { contentViews, favorites, listeningSessions, playHistory, type Database } from "@serene/db";

export type ListeningSessionRow = typeof listeningSessions.$inferSelect;

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

    async insertSession(row: {
      userId: string;
      itemId: number | null;
      startedAt: Date;
      endedAt: Date;
      seconds: number;
    }): Promise<ListeningSessionRow> {
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
