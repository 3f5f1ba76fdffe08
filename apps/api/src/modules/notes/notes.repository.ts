import { and, count, desc, eq, sql } from "drizzle-orm";
import { notes, type Database } from "@serene/db";

export type NoteRow = typeof notes.$inferSelect;

/** A member's notes. Every query names the owner: another member's note is never read, changed or deleted. */
export function createNotesRepository(db: Database) {
  const owned = (userId: string, id: string) => and(eq(notes.id, id), eq(notes.userId, userId));

  return {
    /** One page of the member's notes, newest first (ties by id, so pages never overlap), and how many there are. */
    async page(userId: string, limit: number, offset: number): Promise<{ rows: NoteRow[]; total: number }> {
      const rows = await db
        .select()
        .from(notes)
        .where(eq(notes.userId, userId))
        .orderBy(desc(notes.createdAt), desc(notes.id))
        .limit(limit)
        .offset(offset);
      const [counted] = await db.select({ total: count() }).from(notes).where(eq(notes.userId, userId));
      return { rows, total: Number(counted?.total ?? 0) };
    },

    find: async (userId: string, id: string): Promise<NoteRow | null> =>
      (await db.select().from(notes).where(owned(userId, id)).limit(1))[0] ?? null,

    create: async (userId: string, title: string, content: string): Promise<NoteRow> =>
      (await db.insert(notes).values({ userId, title, content }).returning())[0]!,

    /** The member's note with the new text; null when they have no note of that id. */
    update: async (userId: string, id: string, title: string, content: string): Promise<NoteRow | null> =>
      (
        await db
          .update(notes)
          .set({ title, content, updatedAt: sql`now()` })
          .where(owned(userId, id))
          .returning()
      )[0] ?? null,

    /** True when the member had a note of that id (now gone). */
    remove: async (userId: string, id: string): Promise<boolean> =>
      (await db.delete(notes).where(owned(userId, id)).returning({ id: notes.id })).length > 0,
  };
}
export type NotesRepository = ReturnType<typeof createNotesRepository>;
