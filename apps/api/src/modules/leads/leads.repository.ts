import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { leads, quizAnswers, type Database } from "@serene/db";
import type { MemberWrites } from "../accounts/accounts.repository.ts";
import { quizAnswerWrites } from "../quiz/quiz.repository.ts";

export type LeadRow = typeof leads.$inferSelect;
export type LeadAnswersRow = Pick<typeof quizAnswers.$inferSelect, "id" | "quizId" | "answers">;
type Answers = LeadAnswersRow["answers"];
type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

/**
 * The writes to `leads` the accounts module makes when an account takes a lead or goes (decision 059), in
 * the transaction (or database) it passes in. The leads module owns the table.
 */
export const leadWrites = {
  /**
   * Uses up the sign-in token of an unclaimed lead, in one statement (two requests with the same
   * token cannot both succeed), only when the request names the lead's own address; returns the lead.
   */
  async useToken(x: Executor, tokenHash: string, email: string, now: Date): Promise<LeadRow | null> {
    const [lead] = await x
      .update(leads)
      .set({ tokenHash: null, tokenExpiresAt: null, updatedAt: now })
      .where(and(eq(leads.tokenHash, tokenHash), gt(leads.tokenExpiresAt, now), eq(leads.email, email), isNull(leads.userId)))
      .returning();
    return lead ?? null;
  },
  /** Makes an unclaimed lead the member's, in one statement (of two requests only one can); false when it was claimed. */
  async takeOpen(x: Executor, id: string, userId: string): Promise<boolean> {
    const rows = await x
      .update(leads)
      .set({ userId, updatedAt: new Date() })
      .where(and(eq(leads.id, id), isNull(leads.userId)))
      .returning({ id: leads.id });
    return rows.length === 1;
  },
  /** Links the lead to the member; its e-mailed links stop working. */
  async claim(x: Executor, id: string, userId: string): Promise<void> {
    await x
      .update(leads)
      .set({ userId, tokenHash: null, tokenExpiresAt: null, linkTokenHash: null, updatedAt: new Date() })
      .where(eq(leads.id, id));
  },
  /** The leads of the address and those the member claimed, with the answers stored against them. */
  async deleteOf(x: Executor, email: string, userId: string): Promise<void> {
    const theirs = () => or(sql`lower(${leads.email}) = ${email.toLowerCase()}`, eq(leads.userId, userId));
    await quizAnswerWrites.deleteOfLeads(x, x.select({ id: leads.id }).from(leads).where(theirs()));
    await x.delete(leads).where(theirs());
  },
};

/**
 * The leads module's reads and writes: leads, the quiz answers stored against them (through the quiz
 * module's writes) and a claimed lead's goal (through the accounts module's `members`).
 */
export function createLeadsRepository(db: Database, members: Pick<MemberWrites, "setGoal">) {
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
          await quizAnswerWrites.insert(tx, {
            ...answers,
            leadId: row!.id,
            userId: lead.userId,
            email: lead.userId ? null : lead.email,
          });
        }
        if (goal && lead.userId) await members.setGoal(tx, lead.userId, goal);
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
          await quizAnswerWrites.replace(tx, answers.rowId, id, answers.answers, answers.email);
        } else if (changes.email && row && !row.userId) {
          // The answers of an unclaimed lead carry its address: they follow a change.
          await quizAnswerWrites.followLeadEmail(tx, id, changes.email);
        }
        if (goal) await members.setGoal(tx, goal.userId, goal.goal);
        return row ?? null;
      });
    },
  };
}
export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
