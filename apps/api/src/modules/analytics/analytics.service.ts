import type { AnalyticsEventBody } from "@serene/contracts";
import { DAY_MS } from "@serene/domain";
import type { AnalyticsRepository } from "./analytics.repository.ts";

export function createAnalyticsService(repository: AnalyticsRepository, options: { retentionDays: number }) {
  return {
    async record(event: AnalyticsEventBody): Promise<void> {
      await repository.insert({
        name: event.name,
        path: event.path,
        sessionId: event.session_id ?? null,
        properties: event.properties ?? {},
      });
    },
    /** Removes events older than the retention period; returns how many were removed. */
    async prune(now: Date = new Date()): Promise<number> {
      return repository.deleteOlderThan(new Date(now.getTime() - options.retentionDays * DAY_MS));
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
