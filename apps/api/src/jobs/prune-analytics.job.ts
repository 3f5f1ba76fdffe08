import { z } from "zod";
import type { AnalyticsService } from "../modules/analytics/analytics.service.ts";
import { defineJob } from "./job.ts";

export const PRUNE_ANALYTICS_JOB = "maintenance.prune-analytics-events";

/** Every night, first-party analytics events older than the retention period are deleted. */
export const pruneAnalyticsJob = (analytics: AnalyticsService) =>
  defineJob({
    name: PRUNE_ANALYTICS_JOB,
    cron: "17 3 * * *",
    payload: z.object({}),
    run: async () => ({ deleted: await analytics.prune() }),
  });
