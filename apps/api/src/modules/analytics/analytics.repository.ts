import { lt } from "drizzle-orm";
import { analyticsEvents, type Database } from "@serene/db";

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export function createAnalyticsRepository(db: Database) {
  return {
    async insert(event: NewAnalyticsEvent): Promise<void> {
      await db.insert(analyticsEvents).values(event);
    },
    /** Deletes events that happened before `cutoff`; returns how many went. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const deleted = await db.delete(analyticsEvents).where(lt(analyticsEvents.occurredAt, cutoff)).returning({ id: analyticsEvents.id });
      return deleted.length;
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
