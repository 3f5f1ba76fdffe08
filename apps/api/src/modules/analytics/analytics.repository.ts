import { and, eq, gte, inArray, isNotNull, like, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { analyticsEvents, type Database } from "@serene/db";
import { FUNNEL_EVENT_NAMES, PAYWALL_PATH_PREFIX, type FunnelEvent } from "@serene/domain";

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export function createAnalyticsRepository(db: Database) {
  return {
    async insert(event: NewAnalyticsEvent): Promise<void> {
      await db.insert(analyticsEvents).values(event);
    },
    /**
     * The events the funnel report reads (decision 027), in the order they happened: the funnel events
     * of sessions, and of page views only those of the paywall. `since` (inclusive) and `until` (exclusive) narrow them.
     */
    async funnelEvents(since: Date | null, until: Date | null = null): Promise<FunnelEvent[]> {
      const conditions: (SQL | undefined)[] = [
        isNotNull(analyticsEvents.sessionId),
        or(
          and(inArray(analyticsEvents.name, [...FUNNEL_EVENT_NAMES]), ne(analyticsEvents.name, "page_view")),
          and(eq(analyticsEvents.name, "page_view"), like(analyticsEvents.path, `${PAYWALL_PATH_PREFIX}%`)),
        ),
      ];
      if (since) conditions.push(gte(analyticsEvents.occurredAt, since));
      if (until) conditions.push(lt(analyticsEvents.occurredAt, until));
      // Raw rows, without the query builder's mapping: a month of a busy product is tens of thousands of them (decision 069).
      const result = await db.execute(sql`
        select ${analyticsEvents.name} as name, ${analyticsEvents.path} as path, ${analyticsEvents.sessionId} as "sessionId",
          ${analyticsEvents.properties} as properties
        from ${analyticsEvents} where ${and(...conditions)}
        order by ${analyticsEvents.occurredAt}, ${analyticsEvents.id}`);
      return (result as unknown as { rows: FunnelEvent[] }).rows;
    },
    /** Deletes events that happened before `cutoff`; returns how many went. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const deleted = await db.delete(analyticsEvents).where(lt(analyticsEvents.occurredAt, cutoff)).returning({ id: analyticsEvents.id });
      return deleted.length;
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
