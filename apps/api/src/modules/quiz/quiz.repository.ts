import { eq } from "drizzle-orm";
import { quizAnswers, users, type Database } from "@serene/db";

export type QuizAnswerRow = typeof quizAnswers.$inferSelect;
export type NewQuizAnswerRow = typeof quizAnswers.$inferInsert;

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
  };
}
export type QuizRepository = ReturnType<typeof createQuizRepository>;
