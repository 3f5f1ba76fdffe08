import { and, count, desc, eq, sql } from "drizzle-orm";
import { mixerPresets, users, type Database } from "@serene/db";
import type { MixLayer } from "@serene/domain";

export type MixRow = typeof mixerPresets.$inferSelect;

/** A member's saved mixes. Every query names the owner: another member's mix is never read, changed or deleted. */
export function createMixerRepository(db: Database) {
  const owned = (userId: string, id: string) => and(eq(mixerPresets.id, id), eq(mixerPresets.userId, userId));
  const layersOf = (layers: readonly MixLayer[]) => layers.map((layer) => ({ id: layer.id, volume: layer.volume }));

  return {
    /** The member's mixes, the latest changed first (ties by id, so the order is stable). */
    list: (userId: string): Promise<MixRow[]> =>
      db.select().from(mixerPresets).where(eq(mixerPresets.userId, userId)).orderBy(desc(mixerPresets.updatedAt), desc(mixerPresets.id)),

    /**
     * Saves a new mix unless the member already keeps `max` of them; null when they do. The count and the insert
     * are one statement, so two saves at once cannot both pass the limit's last place.
     */
    async create(userId: string, name: string, layers: readonly MixLayer[], max: number): Promise<MixRow | null> {
      const rows = await db.transaction(async (tx) => {
        // The member's row, locked: a second save of the same member waits here until the first is counted. (No key
        // update: the lock does not hold back the member's writes to other tables, which only share the key.)
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
        const [counted] = await tx.select({ total: count() }).from(mixerPresets).where(eq(mixerPresets.userId, userId));
        if (Number(counted?.total ?? 0) >= max) return [];
        return tx
          .insert(mixerPresets)
          .values({ userId, name, layers: layersOf(layers) })
          .returning();
      });
      return rows[0] ?? null;
    },

    /** The member's mix with its new name and sounds; null when they have no mix of that id. */
    update: async (userId: string, id: string, name: string, layers: readonly MixLayer[]): Promise<MixRow | null> =>
      (
        await db
          .update(mixerPresets)
          .set({ name, layers: layersOf(layers), updatedAt: sql`now()` })
          .where(owned(userId, id))
          .returning()
      )[0] ?? null,

    /** True when the member had a mix of that id (now gone). */
    remove: async (userId: string, id: string): Promise<boolean> =>
      (await db.delete(mixerPresets).where(owned(userId, id)).returning({ id: mixerPresets.id })).length > 0,
  };
}
export type MixerRepository = ReturnType<typeof createMixerRepository>;
