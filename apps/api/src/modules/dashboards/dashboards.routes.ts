import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DashboardFunnels, DashboardMoney, DashboardQuery, DashboardSubscriptions } from "@serene/contracts";
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
    app.get(
      "/admin/dashboard/subscriptions",
      {
        ...staffOnly(staff, "dashboards.read"),
        schema: {
          ...docs("Trials started, converted and lapsed, and churn per day and month of a range; monthly recurring revenue now"),
          querystring: DashboardQuery,
          response: { 200: DashboardSubscriptions, ...errors },
        },
      },
      (request) => dashboards.subscriptions(request.query),
    );
    app.get(
      "/admin/dashboard/funnels",
      {
        ...staffOnly(staff, "dashboards.read"),
        schema: {
          ...docs("Each funnel step by step with its conversion over a range, counted as npm run report:funnels counts"),
          querystring: DashboardQuery,
          response: { 200: DashboardFunnels, ...errors },
        },
      },
      (request) => dashboards.funnels(request.query),
    );
  };
}
