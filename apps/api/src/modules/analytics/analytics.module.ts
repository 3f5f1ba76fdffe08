import { defineModule } from "../../http/module.ts";
import { createAnalyticsRepository } from "./analytics.repository.ts";
import { analyticsRoutes } from "./analytics.routes.ts";
import { createAnalyticsService } from "./analytics.service.ts";

/** First-party analytics events; a job prunes them after the retention period. */
export const analyticsModule = defineModule({
  name: "analytics",
  services: ({ db, config }) => ({
    analytics: createAnalyticsService(createAnalyticsRepository(db), { retentionDays: config.analyticsRetentionDays }),
  }),
  api: (api, { analytics, limiter }) => api.register(analyticsRoutes(analytics, limiter)),
});
