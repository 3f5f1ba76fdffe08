import { and, gte, inArray, isNull, lt, or, sql, gt } from "drizzle-orm";
import type { DayMoney } from "@serene/domain";
import { payments, refunds, subscriptions, users, type Database } from "@serene/db";

/** Statuses of a subscription that gives access while its period runs (complimentary ones are `active`). */
const GIVING_ACCESS = ["trialing", "active", "past_due", "lifetime"];

/**
 * The dashboard's one query module (decision 069): every figure is summed in the database per UTC day,
 * over `[start, end)`. Money taken is a charge that succeeded (later refunds do not move it: they count
 * on the day they were made); money given back is a refund made, on the day it was settled.
 */
export function createDashboardsRepository(db: Database) {
  const day = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  return {
    async signupsByDay(start: Date, end: Date): Promise<Map<string, number>> {
      const rows = await db
        .select({ day: day(users.createdAt), count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(gte(users.createdAt, start), lt(users.createdAt, end)))
        .groupBy(day(users.createdAt));
      return new Map(rows.map((row) => [row.day, Number(row.count)]));
    },

    async moneyByDay(start: Date, end: Date): Promise<DayMoney[]> {
      const [taken, givenBack] = await Promise.all([
        db
          .select({ day: day(payments.createdAt), currency: payments.currency, cents: sql<string>`sum(${payments.amountCents})` })
          .from(payments)
          .where(
            and(
              inArray(payments.status, ["succeeded", "refunded"]),
              gt(payments.amountCents, 0),
              gte(payments.createdAt, start),
              lt(payments.createdAt, end),
            ),
          )
          .groupBy(day(payments.createdAt), payments.currency),
        db
          .select({ day: day(refunds.updatedAt), currency: refunds.currency, cents: sql<string>`sum(${refunds.amountCents})` })
          .from(refunds)
          .where(and(sql`${refunds.status} = 'succeeded'`, gte(refunds.updatedAt, start), lt(refunds.updatedAt, end)))
          .groupBy(day(refunds.updatedAt), refunds.currency),
      ]);
      return [
        ...taken.map((row) => ({ day: row.day, currency: row.currency, grossCents: Number(row.cents), refundedCents: 0 })),
        ...givenBack.map((row) => ({ day: row.day, currency: row.currency, grossCents: 0, refundedCents: Number(row.cents) })),
      ];
    },

    /** Subscriptions giving access at `now`, by plan, most first. */
    async activeByPlan(now: Date) {
      const rows = await db
        .select({ plan: subscriptions.planType, count: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, GIVING_ACCESS),
            or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
          ),
        )
        .groupBy(subscriptions.planType);
      return rows
        .map((row) => ({ plan: row.plan, count: Number(row.count) }))
        .sort((a, b) => b.count - a.count || a.plan.localeCompare(b.plan));
    },
  };
}
export type DashboardsRepository = ReturnType<typeof createDashboardsRepository>;
