import { and, desc, eq, sql } from "drizzle-orm";
import { listeningPositions, type Database } from "@serene/db";

export type PositionRow = typeof listeningPositions.$inferSelect;

/** Where a member left each item (decision 043). Every query names the owner. */
export function createPositionsRepository(db: Database) {
  return {
    /** Keeps the member's place in an item, replacing the one before. */
    async save(userId: string, itemId: number, position: number, duration: number, at: Date): Promise<PositionRow> {
      const [row] = await db
        .insert(listeningPositions)
        .values({ userId, itemId, position, duration, updatedAt: at })
        .onConflictDoUpdate({
          target: [listeningPositions.userId, listeningPositions.itemId],
          set: { position, duration, updatedAt: at },
        })
        .returning();
      return row!;
    },

    async find(userId: string, itemId: number): Promise<PositionRow | null> {
      const [row] = await db
        .select()
        .from(listeningPositions)
        .where(and(eq(listeningPositions.userId, userId), eq(listeningPositions.itemId, itemId)));
      return row ?? null;
    },

    async remove(userId: string, itemId: number): Promise<void> {
      await db.delete(listeningPositions).where(and(eq(listeningPositions.userId, userId), eq(listeningPositions.itemId, itemId)));
    },

    /** The member's latest places, newest first (finished ones included; the service filters). */
    latest: (userId: string, limit: number): Promise<PositionRow[]> =>
      db
        .select()
        .from(listeningPositions)
        .where(eq(listeningPositions.userId, userId))
        .orderBy(desc(listeningPositions.updatedAt), sql`${listeningPositions.itemId}`)
        .limit(limit),
  };
}
export type PositionsRepository = ReturnType<typeof createPositionsRepository>;
