import type { DashboardFunnels, DashboardMoney, DashboardQuery, DashboardSubscriptions } from "@serene/contracts";
import {
  DASHBOARD_MAX_DAYS,
  DAY_MS,
  PLAN_MONTHS,
  dashboardRange,
  isCalendarDay,
  recurringRevenue,
  rollUpFigures,
  rollUpSubscriptions,
  type RecurringPlan,
} from "@serene/domain";
import { invalidField } from "../../domain-errors.ts";
import type { DashboardsRepository } from "./dashboards.repository.ts";

/** The range asked for as UTC days and the instants that bound it, or a 422 naming the field. */
function rangeOf(query: DashboardQuery, at: Date) {
  for (const field of ["from", "to"] as const) {
    const value = query[field];
    if (value !== undefined && !isCalendarDay(value)) throw invalidField(field, `The ${field} field must be a real day, as YYYY-MM-DD.`);
  }
  const range = dashboardRange(query, at);
  if ("refused" in range) {
    throw range.refused === "order"
      ? invalidField("from", "The from day must not be after the to day.")
      : invalidField("from", `A range may hold at most ${DASHBOARD_MAX_DAYS} days.`);
  }
  return { ...range, start: new Date(`${range.from}T00:00:00Z`), end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS) };
}

/**
 * The analyst's dashboard (decision 069): a range of UTC days, read from one query module and shaped by
 * the domain's rules. The funnels are `npm run report:funnels`'s own count (`funnels`, given in).
 */
export function createDashboardsService(
  repository: DashboardsRepository,
  funnels: (range: { since: Date; until: Date }) => Promise<DashboardFunnels["data"]["funnels"]>,
  now: () => Date,
) {
  return {
    async money(query: DashboardQuery): Promise<DashboardMoney> {
      const at = now();
      const range = rangeOf(query, at);
      const [signups, money, activeByPlan] = await Promise.all([
        repository.signupsByDay(range.start, range.end),
        repository.moneyByDay(range.start, range.end),
        repository.activeByPlan(at),
      ]);
      return { data: { from: range.from, to: range.to, ...rollUpFigures(range.days, signups, money), active_by_plan: activeByPlan } };
    },

    async subscriptions(query: DashboardQuery): Promise<DashboardSubscriptions> {
      const at = now();
      const range = rangeOf(query, at);
      const [trialsStarted, trialsConverted, trialsLapsed, churned, payingAtStart, renewing, ending] = await Promise.all([
        repository.trialsStartedByDay(range.start, range.end),
        repository.trialsConvertedByDay(range.start, range.end),
        repository.trialsLapsedByDay(range.start, range.end, at),
        repository.churnedByDay(range.start, range.end, at),
        repository.payingAt(range.start),
        repository.renewing(),
        repository.ending(at),
      ]);
      const figures = rollUpSubscriptions(
        range.days,
        { trials_started: trialsStarted, trials_converted: trialsConverted, trials_lapsed: trialsLapsed, churned },
        payingAtStart,
      );
      const groups = renewing
        .filter((group) => group.billing in PLAN_MONTHS)
        .map((group) => ({
          plan: group.plan,
          currency: group.currency,
          months: PLAN_MONTHS[group.billing as RecurringPlan],
          periodCents: group.cents,
          subscriptions: group.count,
        }));
      return { data: { from: range.from, to: range.to, ...figures, ...recurringRevenue(groups), ending } };
    },

    async funnels(query: DashboardQuery): Promise<DashboardFunnels> {
      const range = rangeOf(query, now());
      return { data: { from: range.from, to: range.to, funnels: await funnels({ since: range.start, until: range.end }) } };
    },
  };
}
export type DashboardsService = ReturnType<typeof createDashboardsService>;
