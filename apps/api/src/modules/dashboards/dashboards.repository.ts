import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { TRIAL_DAYS, type DayMoney } from "@serene/domain";
import { payments, refunds, subscriptions, users, type Database } from "@serene/db";

/** Statuses of a subscription that gives access while its period runs (complimentary ones are `active`). */
const GIVING_ACCESS = ["trialing", "active", "past_due", "lifetime"];
/** The plan name of a trial row written without a lifecycle (the demo's). */
const FREE_TRIAL_PLAN = "Free trial";

/**
 * The dashboard's one query module (decision 069): every figure is summed in the database per UTC day,
 * over `[start, end)`. Money taken is a charge that succeeded (later refunds do not move it: they count
 * on the day they were made); money given back is a refund made, on the day it was settled.
 */
export function createDashboardsRepository(db: Database) {
  const day = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
  /** A charge that took money (later refunds do not undo that it was paid). */
  const paidCharge = (alias: SQL) => sql`${alias}.status in ('succeeded', 'refunded') and ${alias}.amount_cents > 0`;
  const startedWithTrial = sql`coalesce((${subscriptions.lifecycle}->'facts'->>'startedWithTrial')::boolean, ${subscriptions.planType} = ${FREE_TRIAL_PLAN})`;
  const everPaid = sql`exists (select 1 from ${payments} p where p.subscription_id = ${subscriptions.id} and ${paidCharge(sql`p`)})`;
  const accessEnded = (start: Date, end: Date, now: Date) =>
    sql`${subscriptions.status} in ('canceled', 'expired') and ${subscriptions.currentPeriodEnd} >= ${start}
      and ${subscriptions.currentPeriodEnd} < ${end} and ${subscriptions.currentPeriodEnd} <= ${now}`;
  /** Raw SQL for the correlated counts the query builder cannot say; both drivers answer `rows`. */
  const query = async <Row>(statement: SQL): Promise<Row[]> => ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
  async function countByDay(
    column: typeof subscriptions.startedAt | typeof subscriptions.currentPeriodEnd,
    where: SQL,
  ): Promise<Map<string, number>> {
    const rows = await db
      .select({ day: day(column), count: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(where)
      .groupBy(day(column));
    return new Map(rows.map((row) => [row.day, Number(row.count)]));
  }
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

    /** Free trials begun per day: subscriptions that started with the trial (rows without a lifecycle, by their plan's name). */
    trialsStartedByDay: (start: Date, end: Date) =>
      countByDay(
        subscriptions.startedAt,
        sql`${startedWithTrial} and ${subscriptions.startedAt} >= ${start} and ${subscriptions.startedAt} < ${end}`,
      ),

    /** Trials converted per day: the day of the first charge of a subscription that started with the trial. */
    async trialsConvertedByDay(start: Date, end: Date): Promise<Map<string, number>> {
      const rows = await query<{ day: string; count: number }>(sql`
        select ${day(sql`p.created_at`)} as day, count(distinct p.subscription_id)::int as count
        from ${payments} p join ${subscriptions} on ${subscriptions.id} = p.subscription_id
        where ${paidCharge(sql`p`)} and p.created_at >= ${start} and p.created_at < ${end} and ${startedWithTrial}
          and not exists (select 1 from ${payments} q where q.subscription_id = p.subscription_id and ${paidCharge(sql`q`)}
            and (q.created_at, q.id) < (p.created_at, p.id))
        group by 1`);
      return new Map(rows.map((row) => [row.day, Number(row.count)]));
    },

    /** Trials that ended without a charge, per day their access ended (up to `now`). */
    trialsLapsedByDay: (start: Date, end: Date, now: Date) =>
      countByDay(subscriptions.currentPeriodEnd, sql`${startedWithTrial} and ${accessEnded(start, end, now)} and not ${everPaid}`),

    /** Paying subscriptions whose access ended (cancelled, or renewal given up), per day it ended (up to `now`). */
    churnedByDay: (start: Date, end: Date, now: Date) =>
      countByDay(subscriptions.currentPeriodEnd, sql`${accessEnded(start, end, now)} and ${everPaid}`),

    /**
     * Recurring subscriptions paying at `at`: charged (their period is a paid one, as the lifecycle says),
     * first charged before `at` (at checkout, or when the trial ended) and with access running past it.
     * Read from the subscriptions alone, so it stays quick however many charges there are.
     */
    async payingAt(at: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(
          and(
            sql`${subscriptions.status} <> 'lifetime'`,
            gt(subscriptions.amountCents, 0),
            gt(subscriptions.currentPeriodEnd, at),
            sql`(${subscriptions.lifecycle}->'facts'->'period'->>'trial')::boolean = false`,
            sql`${subscriptions.startedAt} + case when ${startedWithTrial} then ${`${TRIAL_DAYS} days`}::interval else interval '0' end < ${at}`,
          ),
        );
      return Number(row?.count ?? 0);
    },

    /** Subscriptions that renew (active, charged), by plan, billing plan and currency, with what one period of them costs. */
    async renewing() {
      const plan = sql<string>`${subscriptions.lifecycle}->>'plan'`;
      const rows = await db
        .select({
          plan: subscriptions.planType,
          billing: plan,
          currency: subscriptions.currency,
          cents: sql<string>`sum(${subscriptions.amountCents})`,
          count: sql<number>`count(*)::int`,
        })
        .from(subscriptions)
        .where(
          and(eq(subscriptions.status, "active"), gt(subscriptions.amountCents, 0), isNotNull(subscriptions.currency), isNotNull(plan)),
        )
        .groupBy(subscriptions.planType, plan, subscriptions.currency);
      return rows.map((row) => ({ ...row, currency: row.currency!, cents: Number(row.cents), count: Number(row.count) }));
    },

    /** Cancelled subscriptions still giving access until their period ends. */
    async ending(now: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(subscriptions)
        .where(and(eq(subscriptions.status, "canceled"), gt(subscriptions.currentPeriodEnd, now)));
      return Number(row?.count ?? 0);
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
