import { z } from "zod";

/**
 * The analyst's dashboard (issue 29, decision 069): the business at a glance over a range of UTC days.
 * Staff with `dashboards.read` (analysts and owners).
 */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Give a day as YYYY-MM-DD." });
export const DashboardQuery = z.object({
  /** The first day counted (UTC); 29 days before `to` when left out. */
  from: isoDay.optional(),
  /** The last day counted (UTC); today when left out. */
  to: isoDay.optional(),
  t: z.string().optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** Money of one currency over a day or a month, in minor units: taken, given back, and what stays. */
export const Revenue = z.object({
  currency: z.string(),
  gross_cents: z.number().int(),
  refunded_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type Revenue = z.infer<typeof Revenue>;

export const DashboardMoney = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    /** Every day of the range, oldest first, days without anything included. */
    days: z.array(z.object({ day: z.string(), signups: z.number().int(), revenue: z.array(Revenue) })),
    /** Every calendar month the range touches (only its days in the range counted), oldest first. */
    months: z.array(z.object({ month: z.string(), signups: z.number().int(), revenue: z.array(Revenue) })),
    /** The range's totals per currency. */
    totals: z.object({ signups: z.number().int(), revenue: z.array(Revenue) }),
    /** Subscriptions giving access now (trial, paid, past due while retried, lifetime, complimentary), by plan. */
    active_by_plan: z.array(z.object({ plan: z.string(), count: z.number().int() })),
  }),
});
export type DashboardMoney = z.infer<typeof DashboardMoney>;

const subscriptionCounts = {
  /** Free trials begun (the yearly plan's 7 days). */
  trials_started: z.number().int(),
  /** Trials whose first charge was taken, on the day it was. */
  trials_converted: z.number().int(),
  /** Trials that ended without a charge, on the day access ended. */
  trials_lapsed: z.number().int(),
  /** Paying subscriptions whose access ended (cancelled or not renewed), on the day it ended. */
  churned: z.number().int(),
};
/** Monthly recurring revenue of one currency, in minor units, and the subscriptions it comes from. */
const Mrr = z.object({ currency: z.string(), cents: z.number().int(), subscriptions: z.number().int() });

export const DashboardSubscriptions = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ day: z.string(), ...subscriptionCounts })),
    months: z.array(z.object({ month: z.string(), ...subscriptionCounts })),
    totals: z.object({
      ...subscriptionCounts,
      /** Converted as a percentage of the trials decided in the range (converted or lapsed), one decimal; null when none were. */
      trial_conversion: z.number().nullable(),
      /** Subscriptions paying when the range began. */
      paying_at_start: z.number().int(),
      /** Churned as a percentage of those paying at the start, one decimal; null when none were. */
      churn_rate: z.number().nullable(),
    }),
    /** Now: renewing subscriptions' prices spread over their months, per currency and per plan. */
    mrr: z.array(Mrr),
    mrr_by_plan: z.array(Mrr.extend({ plan: z.string() })),
    /** Now: subscriptions cancelled that still give access until their period ends (not in the MRR). */
    ending: z.number().int(),
  }),
});
export type DashboardSubscriptions = z.infer<typeof DashboardSubscriptions>;

/** The funnels step by step, counted exactly as `npm run report:funnels` counts them (packages/domain funnels.ts). */
export const DashboardFunnels = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    funnels: z.array(
      z.object({
        funnel: z.string(),
        kind: z.enum(["quiz", "vsl", "coming-soon"]),
        /** People whose trial or purchase is this funnel's, by any path (0 for coming-soon). */
        purchases: z.number().int(),
        steps: z.array(z.object({ key: z.string(), label: z.string(), people: z.number().int(), conversion: z.number().nullable() })),
      }),
    ),
  }),
});
export type DashboardFunnels = z.infer<typeof DashboardFunnels>;
