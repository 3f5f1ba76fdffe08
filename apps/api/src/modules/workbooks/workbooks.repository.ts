import { and, count, desc, eq } from "drizzle-orm";
import { workbookEntries, type Database } from "@serene/db";

export type WorkbookEntryRow = typeof workbookEntries.$inferSelect;

/** A member's worksheets (workbook entries). Every query names the owner: another member's entry is never read or deleted. */
export function createWorkbooksRepository(db: Database) {
  const owned = (userId: string, id: string) => and(eq(workbookEntries.id, id), eq(workbookEntries.userId, userId));

  return {
    /** One page of the member's entries, newest first (ties by id, so pages never overlap), and how many there are. */
    async page(userId: string, limit: number, offset: number): Promise<{ rows: WorkbookEntryRow[]; total: number }> {
      const rows = await db
        .select()
        .from(workbookEntries)
        .where(eq(workbookEntries.userId, userId))
        .orderBy(desc(workbookEntries.createdAt), desc(workbookEntries.id))
        .limit(limit)
        .offset(offset);
      const [counted] = await db.select({ total: count() }).from(workbookEntries).where(eq(workbookEntries.userId, userId));
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /** The id of the member's latest entry of each workbook they completed (one row per workbook). */
    async latestByWorkbook(userId: string): Promise<Map<number, string>> {
      const rows = await db
        .selectDistinctOn([workbookEntries.workbookId], { workbookId: workbookEntries.workbookId, id: workbookEntries.id })
        .from(workbookEntries)
        .where(eq(workbookEntries.userId, userId))
        .orderBy(workbookEntries.workbookId, desc(workbookEntries.createdAt), desc(workbookEntries.id));
      return new Map(rows.map((row) => [row.workbookId, row.id]));
    },

    find: async (userId: string, id: string): Promise<WorkbookEntryRow | null> =>
      (await db.select().from(workbookEntries).where(owned(userId, id)).limit(1))[0] ?? null,

    create: async (userId: string, workbookId: number, answers: WorkbookEntryRow["answers"]): Promise<WorkbookEntryRow> =>
      (await db.insert(workbookEntries).values({ userId, workbookId, answers }).returning())[0]!,

    /** True when the member had an entry of that id (now gone). */
    remove: async (userId: string, id: string): Promise<boolean> =>
      (await db.delete(workbookEntries).where(owned(userId, id)).returning({ id: workbookEntries.id })).length > 0,
  };
}
export type WorkbooksRepository = ReturnType<typeof createWorkbooksRepository>;
