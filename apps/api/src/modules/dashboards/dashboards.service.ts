import type { DashboardMoney, DashboardQuery } from "@serene/contracts";
import { DASHBOARD_MAX_DAYS, DAY_MS, dashboardRange, isCalendarDay, rollUpFigures } from "@serene/domain";
import { invalidField } from "../../domain-errors.ts";
import type { DashboardsRepository } from "./dashboards.repository.ts";

/** The analyst's dashboard (decision 069): a range of UTC days, read from one query module and shaped by the domain's rules. */
export function createDashboardsService(repository: DashboardsRepository, now: () => Date) {
  return {
    async money(query: DashboardQuery): Promise<DashboardMoney> {
      for (const field of ["from", "to"] as const) {
        const value = query[field];
        if (value !== undefined && !isCalendarDay(value))
          throw invalidField(field, `The ${field} field must be a real day, as YYYY-MM-DD.`);
      }
      const at = now();
      const range = dashboardRange(query, at);
      if ("refused" in range) {
        throw range.refused === "order"
          ? invalidField("from", "The from day must not be after the to day.")
          : invalidField("from", `A range may hold at most ${DASHBOARD_MAX_DAYS} days.`);
      }
      const start = new Date(`${range.from}T00:00:00Z`);
      const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
      const [signups, money, activeByPlan] = await Promise.all([
        repository.signupsByDay(start, end),
        repository.moneyByDay(start, end),
        repository.activeByPlan(at),
      ]);
      return { data: { from: range.from, to: range.to, ...rollUpFigures(range.days, signups, money), active_by_plan: activeByPlan } };
    },
  };
}
export type DashboardsService = ReturnType<typeof createDashboardsService>;
