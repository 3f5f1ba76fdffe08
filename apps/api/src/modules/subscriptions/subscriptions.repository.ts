import { desc, eq } from "drizzle-orm";
import { subscriptions, type Database } from "@serene/db";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export function createSubscriptionsRepository(db: Database) {
  return {
    forUser: (userId: string): Promise<SubscriptionRow[]> =>
      db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.startedAt)),
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
