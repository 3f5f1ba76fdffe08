import { and, desc, eq } from "drizzle-orm";
import { leads, quizAnswers, users, type Database } from "@serene/db";

export type LeadRow = typeof leads.$inferSelect;
export type LeadAnswersRow = Pick<typeof quizAnswers.$inferSelect, "id" | "quizId" | "answers">;
type Answers = LeadAnswersRow["answers"];

/** The only place the leads module reads and writes: leads and the quiz answers stored against them. */
export function createLeadsRepository(db: Database) {
  return {
    /**
     * A new lead and, when given, its answers, in one transaction; for a signed-in member the lead and
     * answers are theirs at once, and a goal answer becomes their goal.
     */
    async create(
      lead: Pick<LeadRow, "statisticId" | "name" | "email" | "userId" | "tokenHash" | "tokenExpiresAt" | "linkTokenHash">,
      answers: { quizId: number; answers: Answers } | null,
      goal: string | null,
    ): Promise<LeadRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(leads).values(lead).returning();
        if (answers) {
          await tx.insert(quizAnswers).values({
            ...answers,
            leadId: row!.id,
            userId: lead.userId,
            email: lead.userId ? null : lead.email,
          });
        }
        if (goal && lead.userId) await tx.update(users).set({ goal, updatedAt: new Date() }).where(eq(users.id, lead.userId));
        return row!;
      });
    },

    async find(id: string): Promise<LeadRow | null> {
      const [row] = await db.select().from(leads).where(eq(leads.id, id));
      return row ?? null;
    },

    /** The newest answers stored against the lead (what the lead shows), or null. */
    async latestAnswers(leadId: string): Promise<LeadAnswersRow | null> {
      const [row] = await db
        .select({ id: quizAnswers.id, quizId: quizAnswers.quizId, answers: quizAnswers.answers })
        .from(quizAnswers)
        .where(eq(quizAnswers.leadId, leadId))
        .orderBy(desc(quizAnswers.createdAt))
        .limit(1);
      return row ?? null;
    },

    /**
     * Changes the lead (name, e-mail, sign-in token) and replaces the answers of its newest answer row,
     * in one transaction; a claimed lead's goal answer becomes its member's goal.
     */
    async update(
      id: string,
      changes: Partial<Pick<LeadRow, "name" | "email" | "tokenHash" | "tokenExpiresAt" | "linkTokenHash">>,
      answers: { rowId: string; answers: Answers; email: string | null } | null,
      goal: { userId: string; goal: string } | null,
    ): Promise<LeadRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(leads)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(leads.id, id))
          .returning();
        if (answers) {
          await tx
            .update(quizAnswers)
            .set({ answers: answers.answers, email: answers.email })
            .where(and(eq(quizAnswers.id, answers.rowId), eq(quizAnswers.leadId, id)));
        } else if (changes.email && row && !row.userId) {
          // The answers of an unclaimed lead carry its address: they follow a change.
          await tx.update(quizAnswers).set({ email: changes.email }).where(eq(quizAnswers.leadId, id));
        }
        if (goal) await tx.update(users).set({ goal: goal.goal, updatedAt: new Date() }).where(eq(users.id, goal.userId));
        return row ?? null;
      });
    },
  };
}
export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
