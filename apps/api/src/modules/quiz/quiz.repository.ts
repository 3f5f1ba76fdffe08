import { eq } from "drizzle-orm";
import { leads, quizAnswers, users, type Database } from "@serene/db";

export type QuizAnswerRow = typeof quizAnswers.$inferSelect;
export type NewQuizAnswerRow = typeof quizAnswers.$inferInsert;
export type QuizLeadRow = Pick<typeof leads.$inferSelect, "id" | "email" | "userId">;

export function createQuizRepository(db: Database) {
  return {
    /** Stores the answers and, for a member who chose a goal, makes it their goal, in one transaction. */
    async record(answer: NewQuizAnswerRow, goal: string | null): Promise<QuizAnswerRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(quizAnswers).values(answer).returning();
        if (goal && answer.userId) await tx.update(users).set({ goal, updatedAt: new Date() }).where(eq(users.id, answer.userId));
        return row!;
      });
    },
    /** The lead answers are sent for, by its id or its statistic id. */
    async findLead(by: { id: string } | { statisticId: string }): Promise<QuizLeadRow | null> {
      const [lead] = await db
        .select({ id: leads.id, email: leads.email, userId: leads.userId })
        .from(leads)
        .where("id" in by ? eq(leads.id, by.id) : eq(leads.statisticId, by.statisticId));
      return lead ?? null;
    },
  };
}
export type QuizRepository = ReturnType<typeof createQuizRepository>;
