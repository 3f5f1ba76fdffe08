import { z } from "zod";

/**
 * The support room of the operator console (decision 067): finding a member and reading their account,
 * subscription and money, offers, leads, practice and e-mails. Staff with `members.read` only.
 */
export const MemberSearchQuery = z.object({
  q: z
    .string({ error: "The q field is required." })
    .trim()
    .min(2, { error: "Type at least 2 characters of a name, an e-mail address or an id." })
    .max(200, { error: "The q field must not be greater than 200 characters." }),
  t: z.string().optional(),
});

export const MemberSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    created_at: z.string(),
    /** The member's newest subscription's status, or null without one. */
    subscription: z.string().nullable(),
  })
  .meta({ id: "MemberSummary" });
export const MemberSearchResults = z.object({ data: z.array(MemberSummary) });
export type MemberSearchResults = z.infer<typeof MemberSearchResults>;

export const MemberParams = z.object({ id: z.string().max(64) });

const at = z.string().nullable();
export const MemberDetail = z.object({
  data: z.object({
    account: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      created_at: z.string(),
      email_verified_at: at,
      deletion_due_at: at,
      goal: z.string().nullable(),
      time_zone: z.string().nullable(),
    }),
    subscriptions: z.array(
      z.object({
        id: z.string(),
        status: z.string(),
        plan_type: z.string(),
        provider: z.string(),
        package_id: z.number().int().nullable(),
        started_at: at,
        current_period_end: at,
        amount_cents: z.number().int().nullable(),
        currency: z.string().nullable(),
        payment_method: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    purchases: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        status: z.string(),
        provider: z.string(),
        package_id: z.number().int().nullable(),
        created_at: z.string(),
        updated_at: z.string(),
        /** Processing for so long that its process has stopped: support may clear it. */
        stuck: z.boolean(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.string(),
        status: z.string(),
        provider: z.string(),
        amount_cents: z.number().int(),
        credit_cents: z.number().int(),
        currency: z.string(),
        period_start: at,
        period_end: at,
        failure_message: z.string().nullable(),
        /** Given back so far (its refunds that succeeded). */
        refunded_cents: z.number().int(),
        created_at: z.string(),
      }),
    ),
    refunds: z.array(
      z.object({
        id: z.string(),
        payment_id: z.string(),
        amount_cents: z.number().int(),
        currency: z.string(),
        /** pending, succeeded, failed. */
        status: z.string(),
        reason: z.string(),
        /** Who asked; null for a refund the product made itself. */
        staff_email: z.string().nullable(),
        failure_message: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    offers: z.array(z.object({ checkout_id: z.number().int(), started_at: z.string(), ends_at: z.string() })),
    leads: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), created_at: z.string() })),
    practice: z.object({ days: z.number().int(), sessions: z.number().int(), minutes: z.number().int() }),
    badges: z.array(z.object({ machine_name: z.string(), received_at: z.string() })),
    emails: z.array(
      z.object({ id: z.string(), subject: z.string(), to: z.string(), status: z.string(), created_at: z.string(), sent_at: at }),
    ),
  }),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

/** POST /admin/members/{id}/complimentary: premium for `days` days, on the house, with the reason (for the audit log). */
export const ComplimentaryBody = z.object({
  days: z.coerce
    .number({ error: "The days field must be a whole number of days." })
    .int({ error: "The days field must be a whole number of days." })
    .min(1, { error: "The days field must be at least 1." })
    .max(366, { error: "The days field must not be greater than 366." }),
  reason: z
    .string({ error: "The reason field is required." })
    .trim()
    .min(1, { error: "The reason field is required." })
    .max(500, { error: "The reason field must not be greater than 500 characters." }),
});
export type ComplimentaryBody = z.infer<typeof ComplimentaryBody>;
export const ComplimentaryResponse = z.object({
  message: z.string(),
  data: z.object({ subscription_id: z.string(), ends_at: z.string() }),
});
export type ComplimentaryResponse = z.infer<typeof ComplimentaryResponse>;

/** POST /admin/members/{id}/emails/{emailId}/resend: the same e-mail again, to the address it went to. */
export const ResendParams = z.object({ id: z.string().max(64), emailId: z.string().max(64) });
export const ResendResponse = z.object({ message: z.string(), data: z.object({ id: z.string() }) });
export type ResendResponse = z.infer<typeof ResendResponse>;

/** POST /admin/members/{id}/payments/{paymentId}/refund: part of a charge (`amount_cents`) or all that is left of it. */
export const RefundParams = z.object({ id: z.string().max(64), paymentId: z.string().max(64) });
export const RefundBody = z.object({
  amount_cents: z.coerce
    .number({ error: "The amount must be a whole number of cents." })
    .int({ error: "The amount must be a whole number of cents." })
    .min(1, { error: "The amount must be at least 1 cent." })
    .max(100_000_000, { error: "The amount is more than any charge." })
    .optional(),
  reason: z
    .string({ error: "The reason field is required." })
    .trim()
    .min(1, { error: "The reason field is required." })
    .max(500, { error: "The reason field must not be greater than 500 characters." }),
});
export type RefundBody = z.infer<typeof RefundBody>;
export const RefundResponse = z.object({
  message: z.string(),
  data: z.object({
    refund: z.object({ id: z.string(), amount_cents: z.number().int(), currency: z.string(), status: z.string() }),
    payment: z.object({ id: z.string(), status: z.string(), amount_cents: z.number().int(), refunded_cents: z.number().int() }),
  }),
});
export type RefundResponse = z.infer<typeof RefundResponse>;

/** POST /admin/members/{id}/purchases/{purchaseId}/clear: a purchase stuck in processing, reconciled with the processor. */
export const PurchaseParams = z.object({ id: z.string().max(64), purchaseId: z.string().max(64) });
export const ClearPurchaseResponse = z.object({
  message: z.string(),
  data: z.object({
    /** completed (the charge was taken: the member has what they paid for), released (nothing was taken). */
    outcome: z.enum(["completed", "released"]),
    status: z.string(),
  }),
});
export type ClearPurchaseResponse = z.infer<typeof ClearPurchaseResponse>;
