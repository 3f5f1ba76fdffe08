import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DashboardMoney, DashboardQuery } from "@serene/contracts";
import { routeDocs, staffErrors as errors, staffOnly } from "../../http/index.ts";
import type { StaffService } from "../staff/staff.service.ts";
import type { DashboardsService } from "./dashboards.service.ts";

/** The analyst's room (decision 069): staff with `dashboards.read` (analysts and owners). */
export function dashboardsRoutes(dashboards: DashboardsService, staff: StaffService): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("admin", "staff");
    app.get(
      "/admin/dashboard/money",
      {
        ...staffOnly(staff, "dashboards.read"),
        schema: {
          ...docs("Sign-ups and money (taken, given back, net) per day and month of a range, and subscriptions giving access by plan"),
          querystring: DashboardQuery,
          response: { 200: DashboardMoney, ...errors },
        },
      },
      (request) => dashboards.money(request.query),
    );
  };
}
