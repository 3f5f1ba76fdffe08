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
