import { getTableColumns, sql } from "drizzle-orm";
import { comingSoonLeads, type Database } from "@serene/db";

export type ComingSoonLeadRow = typeof comingSoonLeads.$inferSelect;
export type NewComingSoonLeadRow = typeof comingSoonLeads.$inferInsert;

export function createComingSoonRepository(db: Database) {
  return {
    /**
     * Stores a sign-up, or updates the member's earlier sign-up for the same funnel and e-mail (the names
     * change, the row stays). `created` tells which happened.
     */
    async upsert(lead: NewComingSoonLeadRow): Promise<{ row: ComingSoonLeadRow; created: boolean }> {
      const [result] = await db
        .insert(comingSoonLeads)
        .values(lead)
        .onConflictDoUpdate({
          target: [comingSoonLeads.userId, comingSoonLeads.funnelKey, comingSoonLeads.email],
          set: { firstName: lead.firstName, lastName: lead.lastName, updatedAt: sql`now()` },
        })
        // A row the statement inserted has no deleting transaction yet (xmax 0); an updated one has.
        .returning({ ...getTableColumns(comingSoonLeads), created: sql<boolean>`(xmax = 0)` });
      const { created, ...row } = result!;
      return { row, created: Boolean(created) };
    },
  };
}
export type ComingSoonRepository = ReturnType<typeof createComingSoonRepository>;
