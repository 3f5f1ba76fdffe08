import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { subscriptions, type Database } from "@serene/db";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The one repository of the `subscriptions` table: what members hold, and the billed lifecycle's writes. */
export function createSubscriptionsRepository(db: Database) {
  return {
    forUser: (userId: string): Promise<SubscriptionRow[]> =>
      db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.startedAt)),
    async byId(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },
    async byProviderId(provider: string, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)));
      return row ?? null;
    },
    async insert(row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
      const [created] = await db.insert(subscriptions).values(row).returning();
      return created!;
    },
    /** Subscriptions whose period ended an hour ago or more while still billed: the renewal sweep. */
    overdue: (now: Date) =>
      db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ["trialing", "active", "past_due"]),
            lt(subscriptions.currentPeriodEnd, new Date(now.getTime() - 3_600_000)),
            sql`${subscriptions.lifecycle} is not null`,
          ),
        )
        .limit(500),
    /**
     * Runs `change` on the subscription's row inside a transaction holding its lock, so two
     * deliveries never interleave. `change` answers the new values, or null to leave it as is.
     */
    async withLock<T>(
      id: string,
      change: (row: SubscriptionRow, tx: Tx) => Promise<{ values: Partial<SubscriptionRow> | null; result: T }>,
    ): Promise<T | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
        if (!row) return null;
        const { values, result } = await change(row, tx);
        if (values)
          await tx
            .update(subscriptions)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(subscriptions.id, id));
        return result;
      });
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
