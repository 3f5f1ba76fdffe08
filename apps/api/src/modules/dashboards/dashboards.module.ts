import { defineModule } from "../../http/module.ts";
import { buildFunnelReport } from "../analytics/funnel-report.ts";
import { createDashboardsRepository } from "./dashboards.repository.ts";
import { dashboardsRoutes } from "./dashboards.routes.ts";
import { createDashboardsService } from "./dashboards.service.ts";

/** The operator console's analyst room (decision 069): the business at a glance, read by staff with `dashboards.read`. */
export const dashboardsModule = defineModule({
  name: "dashboards",
  services: ({ db, now }) => ({
    dashboards: createDashboardsService(createDashboardsRepository(db), (range) => buildFunnelReport(db, range), now),
  }),
  api: (api, { dashboards, staff }) => api.register(dashboardsRoutes(dashboards, staff)),
});
