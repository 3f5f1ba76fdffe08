import { z } from "zod";
import { CacheBuster } from "./common.ts";

export { RESUME_ENDED_MESSAGE, RESUME_NOTHING_MESSAGE, RESUME_WALLET_MESSAGE } from "@serene/domain";

/**
 * The member's money, read back (docs/decisions/039-receipts-and-money-emails.md): receipts for
 * every charge, what the subscription costs and when it is charged next, and resuming a cancelled
 * subscription while its period runs.
 */

/** One charge as a receipt. */
export const Receipt = z
  .object({
    id: z.string(),
    /** Quoted to support: "SR-20261126-3F2A9C1D". */
    reference: z.string(),
    /** What was paid for: "Annual plan", "Monthly plan", "Lifetime access". */
    item: z.string(),
    /** What was charged. */
    amount_cents: z.number().int(),
    /** As the product shows it: "$59.99". */
    amount: z.string(),
    /** Credit taken off the price: the unused part of the period an upgrade replaced; 0 for none. */
    credit_cents: z.number().int(),
    /** "$7.25"; null without a credit. */
    credit: z.string().nullable(),
    /** The price before the credit ("$59.99"); null without a credit (then it is the amount). */
    price: z.string().nullable(),
    currency: z.string(),
    /** When the money was taken (UTC, to the second). */
    paid_at: z.string(),
    /** paid; refunded since (all of it); or partly_refunded (some of it given back). */
    status: z.enum(["paid", "partly_refunded", "refunded"]),
    /** What was given back so far; 0 for nothing. */
    refunded_cents: z.number().int(),
    /** "$5.00"; null when nothing was given back. */
    refunded: z.string().nullable(),
    /** The period the charge paid for; null for lifetime access and a first charge without one. */
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    /** "Visa •••• 4242", "PayPal"; null when not known. */
    paid_with: z.string().nullable(),
  })
  .meta({ id: "Receipt" });
export type Receipt = z.infer<typeof Receipt>;

// GET /user/receipts
export const ReceiptListResponse = z.object({ data: z.array(Receipt) }).meta({ id: "ReceiptList" });
export type ReceiptListResponse = z.infer<typeof ReceiptListResponse>;

// GET /user/receipts/{id}
export const ReceiptParams = z.object({ id: z.string() });
export const ReceiptQuery = CacheBuster;

// GET /user/billing
export const BillingResponse = z
  .object({
    /** 'Free trial', 'Monthly', 'Annual', 'Lifetime'…; null for a free member. */
    plan: z.string().nullable(),
    /** trialing, active, past_due, canceled, lifetime; null for a free member. */
    status: z.string().nullable(),
    /** stripe (card) or paypal (wallet); other values for subscriptions not billed here. */
    provider: z.string().nullable(),
    /** What one period costs: "$59.99"; null for lifetime and unbilled subscriptions. */
    price: z.string().nullable(),
    /** "month", "3 months", "6 months", "year"; null without a recurring price. */
    billing_period: z.string().nullable(),
    /** When the next charge is taken, and how much; null once cancelled, for lifetime, or when not billed here. */
    next_charge_at: z.string().nullable(),
    next_charge_amount: z.string().nullable(),
    /** Until when access lasts (the period's end); null for lifetime. */
    access_until: z.string().nullable(),
    /** "Visa •••• 4242", "PayPal"; null when not known. */
    payment_method: z.string().nullable(),
    /** The subscription is cancelled and may be resumed now (POST /subscription/web/resume/{provider}). */
    can_resume: z.boolean(),
  })
  .meta({ id: "Billing" });
export type BillingResponse = z.infer<typeof BillingResponse>;
