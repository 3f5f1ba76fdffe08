import { desc, eq } from "drizzle-orm";
import { outboxEmails, type Database, type OutboxStatus } from "@serene/db";

export function createOutboxRepository(db: Database) {
  return {
    async insert(values: typeof outboxEmails.$inferInsert): Promise<string> {
      const [row] = await db.insert(outboxEmails).values(values).returning({ id: outboxEmails.id });
      return row!.id;
    },
    /**
     * Writes a message sent once per event: answers its id and whether this call wrote it (false
     * when a message with the same key exists, whose id is answered).
     */
    async insertOnce(values: typeof outboxEmails.$inferInsert & { dedupeKey: string }): Promise<{ id: string; created: boolean }> {
      const [row] = await db.insert(outboxEmails).values(values).onConflictDoNothing().returning({ id: outboxEmails.id });
      if (row) return { id: row.id, created: true };
      const [existing] = await db.select({ id: outboxEmails.id }).from(outboxEmails).where(eq(outboxEmails.dedupeKey, values.dedupeKey));
      return { id: existing!.id, created: false };
    },
    async find(id: string) {
      const [message] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      return message ?? null;
    },
    async mark(id: string, status: OutboxStatus, error: string | null = null) {
      await db
        .update(outboxEmails)
        .set({ status, error, ...(status === "sent" ? { sentAt: new Date() } : {}) })
        .where(eq(outboxEmails.id, id));
    },
    recent(limit: number) {
      return db.select().from(outboxEmails).orderBy(desc(outboxEmails.createdAt)).limit(limit);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
