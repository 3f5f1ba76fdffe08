import type { AnalyticsService } from "../modules/analytics/analytics.service";
import type { JobDefinition } from "./queue";

export const PRUNE_ANALYTICS_JOB = "maintenance.prune-analytics-events";

/** Every night, first-party analytics events older than the retention period are deleted. */
export function pruneAnalyticsJob(analytics: AnalyticsService): JobDefinition {
  return {
    name: PRUNE_ANALYTICS_JOB,
    cron: "17 3 * * *",
    handler: async () => ({ deleted: await analytics.prune() }),
  };
}
