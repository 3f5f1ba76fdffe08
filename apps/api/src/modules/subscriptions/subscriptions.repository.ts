import { desc, eq } from "drizzle-orm";
import { subscriptions, type Database } from "@serene/db";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

export function createSubscriptionsRepository(db: Database) {
  return {
    forUser: (userId: string): Promise<SubscriptionRow[]> =>
      db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.startedAt)),
    async insert(row: NewSubscriptionRow): Promise<SubscriptionRow> {
      const [created] = await db.insert(subscriptions).values(row).returning();
      return created!;
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
