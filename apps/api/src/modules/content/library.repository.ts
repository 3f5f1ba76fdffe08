import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { contentViews, favorites, listeningSessions, playHistory, subscriptions, type Database } from "@serene/db";

export type ListeningSessionRow = typeof listeningSessions.$inferSelect;

/** A member's own activity. Every query names the owner. */
export function createLibraryRepository(db: Database) {
  return {
    /** What every content answer needs about the member, in one round trip. */
    async memberContext(userId: string): Promise<{ favorites: number[]; subscriptions: { status: string; currentPeriodEnd: Date | null }[] }> {
      const result = await db.execute<{ favorites: number[] | null; subscriptions: { status: string; period_end: string | null }[] | null }>(sql`
        select
          (select array_agg(${favorites.itemId}) from ${favorites} where ${favorites.userId} = ${userId}) as favorites,
          (select json_agg(json_build_object('status', ${subscriptions.status}, 'period_end', ${subscriptions.currentPeriodEnd}))
             from ${subscriptions} where ${subscriptions.userId} = ${userId}) as subscriptions`);
      const row = (result as unknown as { rows: { favorites: number[] | null; subscriptions: { status: string; period_end: string | null }[] | null }[] }).rows[0];
      return {
        favorites: row?.favorites ?? [],
        subscriptions: (row?.subscriptions ?? []).map((s) => ({ status: s.status, currentPeriodEnd: s.period_end ? new Date(s.period_end) : null })),
      };
    },

    /** Which of these items the member has played, and the longest session reported for each. */
    async progress(userId: string, itemIds: number[]): Promise<{ played: Set<number>; longest: Map<number, number> }> {
      if (itemIds.length === 0) return { played: new Set(), longest: new Map() };
      const [played, longest] = await Promise.all([
        db
          .select({ itemId: playHistory.itemId })
          .from(playHistory)
          .where(and(eq(playHistory.userId, userId), inArray(playHistory.itemId, itemIds))),
        db
          .select({ itemId: listeningSessions.itemId, seconds: sql<number>`max(${listeningSessions.seconds})::int` })
          .from(listeningSessions)
          .where(and(eq(listeningSessions.userId, userId), inArray(listeningSessions.itemId, itemIds)))
          .groupBy(listeningSessions.itemId),
      ]);
      return {
        played: new Set(played.map((row) => row.itemId)),
        longest: new Map(longest.filter((row) => row.itemId !== null).map((row) => [row.itemId!, row.seconds])),
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

    async insertSession(row: typeof listeningSessions.$inferInsert): Promise<ListeningSessionRow> {
      const [created] = await db.insert(listeningSessions).values(row).returning();
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
