import { and, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { leads, quizAnswers, type Database } from "@serene/db";
import type { MemberWrites } from "../accounts/accounts.repository.ts";

export type QuizAnswerRow = typeof quizAnswers.$inferSelect;
export type NewQuizAnswerRow = typeof quizAnswers.$inferInsert;
export type QuizLeadRow = Pick<typeof leads.$inferSelect, "id" | "email" | "userId">;
type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

/**
 * Every write to `quiz_answers` (decision 059): the quiz module owns the table, and the leads and
 * accounts modules change the answers through these, in the transaction (or database) they pass in.
 */
export const quizAnswerWrites = {
  async insert(x: Executor, answer: NewQuizAnswerRow): Promise<QuizAnswerRow> {
    const [row] = await x.insert(quizAnswers).values(answer).returning();
    return row!;
  },
  /** Replaces the answers (and the address they carry) of one answer row of the lead. */
  async replace(x: Executor, rowId: string, leadId: string, answers: QuizAnswerRow["answers"], email: string | null): Promise<void> {
    await x
      .update(quizAnswers)
      .set({ answers, email })
      .where(and(eq(quizAnswers.id, rowId), eq(quizAnswers.leadId, leadId)));
  },
  /** The answers of an unclaimed lead carry its address: they follow a change. */
  async followLeadEmail(x: Executor, leadId: string, email: string): Promise<void> {
    await x.update(quizAnswers).set({ email }).where(eq(quizAnswers.leadId, leadId));
  },
  /** The answers stored against the lead become the member's (they no longer carry an address); answers them. */
  async claim(x: Executor, leadId: string, userId: string): Promise<Pick<QuizAnswerRow, "answers" | "createdAt">[]> {
    return x
      .update(quizAnswers)
      .set({ userId, email: null })
      .where(eq(quizAnswers.leadId, leadId))
      .returning({ answers: quizAnswers.answers, createdAt: quizAnswers.createdAt });
  },
  /** The answers stored against these leads (a subquery of their ids). */
  async deleteOfLeads(x: Executor, leadIds: SQLWrapper): Promise<void> {
    await x.delete(quizAnswers).where(inArray(quizAnswers.leadId, leadIds));
  },
  /** The answers sent before signing in, which carry only the address. */
  async deleteSentFrom(x: Executor, email: string): Promise<void> {
    await x.delete(quizAnswers).where(sql`lower(${quizAnswers.email}) = ${email.toLowerCase()}`);
  },
};

/** The quiz's answers; a goal answer becomes the member's goal through the accounts module's `members`. */
export function createQuizRepository(db: Database, members: Pick<MemberWrites, "setGoal">) {
  return {
    /** Stores the answers and, for a member who chose a goal, makes it their goal, in one transaction. */
    async record(answer: NewQuizAnswerRow, goal: string | null): Promise<QuizAnswerRow> {
      return db.transaction(async (tx) => {
        const row = await quizAnswerWrites.insert(tx, answer);
        if (goal && answer.userId) await members.setGoal(tx, answer.userId, goal);
        return row;
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
