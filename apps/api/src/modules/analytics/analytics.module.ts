import { defineModule } from "../../http/module";
import { createAnalyticsRepository } from "./analytics.repository";
import { analyticsRoutes } from "./analytics.routes";
import { createAnalyticsService } from "./analytics.service";

/** First-party analytics events; a job prunes them after the retention period. */
export const analyticsModule = defineModule({
  name: "analytics",
  services: ({ db, config }) => ({
    analytics: createAnalyticsService(createAnalyticsRepository(db), { retentionDays: config.analyticsRetentionDays }),
  }),
  api: (api, { analytics, limiter }) => api.register(analyticsRoutes(analytics, limiter)),
});
