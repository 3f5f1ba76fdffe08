import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { outboxEmails, type Database, type OutboxStatus } from "@serene/db";

/** The write to `outbox_emails` the accounts module makes when an account goes (decision 059), in the executor it passes in. */
export const outboxWrites = {
  /** E-mails written to the address before it had an account (a lead's result e-mail): they name no user. */
  async deleteUnownedTo(x: Pick<Database, "delete">, email: string): Promise<void> {
    await x.delete(outboxEmails).where(and(isNull(outboxEmails.userId), sql`lower(${outboxEmails.toAddress}) = ${email.toLowerCase()}`));
  },
};

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
    /** Whether a message with this key was written. */
    async hasKey(dedupeKey: string): Promise<boolean> {
      const [row] = await db.select({ id: outboxEmails.id }).from(outboxEmails).where(eq(outboxEmails.dedupeKey, dedupeKey));
      return Boolean(row);
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
