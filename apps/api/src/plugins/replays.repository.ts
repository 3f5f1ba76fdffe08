import { eq, lt } from "drizzle-orm";
import { requestReplays, type Database } from "@serene/db";

/** The answers kept for writes sent with an Idempotency-Key (plugins/replays.ts, decision 066). */
export function createReplaysRepository(db: Database) {
  return {
    /**
     * Holds the key for the caller's transaction: true when it is new (the write runs and settles it),
     * false when an answer is already stored. The same key claimed by another transaction still open
     * waits here until that one ends.
     */
    claim: async (keyHash: string, userId: string | null, fingerprint: string): Promise<boolean> =>
      (
        await db
          .insert(requestReplays)
          .values({ keyHash, userId, fingerprint, status: 0, sealedAnswer: "" })
          .onConflictDoNothing()
          .returning({ keyHash: requestReplays.keyHash })
      ).length === 1,

    /** The answer of a claimed key, written in the same transaction as the write. */
    settle: async (keyHash: string, status: number, sealedAnswer: string): Promise<void> => {
      await db.update(requestReplays).set({ status, sealedAnswer }).where(eq(requestReplays.keyHash, keyHash));
    },

    /** Lets a claimed key go (the write was refused): the same key may be sent again with a corrected request. */
    release: async (keyHash: string): Promise<void> => {
      await db.delete(requestReplays).where(eq(requestReplays.keyHash, keyHash));
    },

    /** The answer stored after the write (one process, where nothing else can send the key meanwhile). */
    save: async (row: { keyHash: string; userId: string | null; fingerprint: string; status: number; sealedAnswer: string }) => {
      await db
        .insert(requestReplays)
        .values({
          keyHash: row.keyHash,
          userId: row.userId,
          fingerprint: row.fingerprint,
          status: row.status,
          sealedAnswer: row.sealedAnswer,
        })
        .onConflictDoNothing();
    },

    find: async (keyHash: string) =>
      (
        await db
          .select({ fingerprint: requestReplays.fingerprint, status: requestReplays.status, sealedAnswer: requestReplays.sealedAnswer })
          .from(requestReplays)
          .where(eq(requestReplays.keyHash, keyHash))
          .limit(1)
      )[0] ?? null,

    /** Deletes the answers kept since before `before`; how many went. */
    prune: async (before: Date): Promise<number> =>
      (await db.delete(requestReplays).where(lt(requestReplays.createdAt, before)).returning({ keyHash: requestReplays.keyHash })).length,
  };
}
export type ReplaysRepository = ReturnType<typeof createReplaysRepository>;
