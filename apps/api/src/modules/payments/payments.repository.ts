import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { conflict } from "../../domain-errors.ts";
import { packages, paymentCustomers, payments, purchases, refunds, subscriptions, users, webhookEvents, type Database } from "@serene/db";

export type PurchaseRow = typeof purchases.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type RefundRow = typeof refunds.$inferSelect;
/** A refund asked for: of what (a payment of the member), how much (null: all that is left), why, by whom, under which key. */
export interface RefundClaim {
  paymentId: string;
  userId: string;
  amountCents: number | null;
  reason: string;
  staffId: string | null;
  requestKey: string | null;
  fingerprint: string;
}
/** Why a refund cannot be made: the payment is not the member's, took no money, or has not that much left. */
export type RefundRefusal = "not_found" | "not_refundable" | "nothing_left" | "more_than_left";
/** A charge as a receipt reads it: the payment, what it bought, and what paid it. */
export interface ReceiptRow {
  payment: PaymentRow;
  pkg: { months: number; isLifetime: boolean } | null;
  paidWith: string | null;
}
/** Payments that are receipts: money taken (and kept or given back). */
const RECEIPT_STATUSES = ["succeeded", "refunded"];
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const UNIQUE_VIOLATION = "23505";
const isUniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
};

/** Wallet checkouts that no call finished: the reconciliation looks at them (see unfinishedWalletCheckouts). */
const UNFINISHED_WALLET = ["awaiting_wallet", "failed", "canceled", "voiding"];

/** Purchases, charges, customers and webhook receipts (subscriptions belong to modules/subscriptions). */
export function createPaymentsRepository(db: Database) {
  async function receipts(where: ReturnType<typeof and>): Promise<ReceiptRow[]> {
    const found = await db
      .select({
        payment: payments,
        months: packages.months,
        isLifetime: packages.isLifetime,
        paidWith: subscriptions.paymentMethodLabel,
      })
      .from(payments)
      .leftJoin(purchases, eq(purchases.id, payments.purchaseId))
      .leftJoin(subscriptions, sql`${subscriptions.id} = coalesce(${payments.subscriptionId}, ${purchases.subscriptionId})`)
      .leftJoin(packages, sql`${packages.id} = coalesce(${purchases.packageId}, ${subscriptions.packageId})`)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id));
    return found.map((row) => ({
      payment: row.payment,
      pkg: row.months === null || row.isLifetime === null ? null : { months: row.months, isLifetime: row.isLifetime },
      paidWith: row.paidWith ?? (row.payment.provider === "paypal" ? "PayPal" : null),
    }));
  }

  return {
    async member(userId: string) {
      const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
      return row ?? null;
    },
    async customerId(userId: string, processor: string): Promise<string | null> {
      const [row] = await db
        .select({ customerId: paymentCustomers.customerId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.processor, processor)));
      return row?.customerId ?? null;
    },
    async saveCustomer(userId: string, processor: string, customerId: string) {
      await db.insert(paymentCustomers).values({ userId, processor, customerId }).onConflictDoNothing();
    },

    /**
     * Claims a purchase. Answers the new row, or why not: the same key was used before
     * (`existing`), or another purchase of the member is in flight (`busy`).
     */
    async claimPurchase(
      row: typeof purchases.$inferInsert,
    ): Promise<{ claimed: PurchaseRow } | { existing: PurchaseRow } | { busy: true }> {
      if (row.idempotencyKey) {
        const [existing] = await db
          .select()
          .from(purchases)
          .where(and(eq(purchases.userId, row.userId), eq(purchases.idempotencyKey, row.idempotencyKey)));
        if (existing) {
          // A call that failed before answering may be tried again with the same key.
          if (existing.status === "failed" && existing.response === null) {
            const [reclaimed] = await db
              .update(purchases)
              .set({ status: "processing", updatedAt: new Date() })
              .where(and(eq(purchases.id, existing.id), eq(purchases.status, "failed")))
              .returning()
              .catch((error: unknown) => {
                if (isUniqueViolation(error)) return [];
                throw error;
              });
            if (reclaimed) return { claimed: reclaimed };
          }
          return { existing };
        }
      }
      try {
        const [claimed] = await db.insert(purchases).values(row).returning();
        return { claimed: claimed! };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (row.idempotencyKey) {
          const [existing] = await db
            .select()
            .from(purchases)
            .where(and(eq(purchases.userId, row.userId), eq(purchases.idempotencyKey, row.idempotencyKey)));
          if (existing) return { existing };
        }
        return { busy: true };
      }
    },
    async updatePurchase(id: string, values: Partial<typeof purchases.$inferInsert>) {
      const [row] = await db
        .update(purchases)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(purchases.id, id))
        .returning();
      return row!;
    },
    /** Moves a purchase from one status to another; false when another call moved it first. */
    async transitionPurchase(id: string, from: string[], values: Partial<typeof purchases.$inferInsert>): Promise<PurchaseRow | null> {
      try {
        const [row] = await db
          .update(purchases)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(purchases.id, id), inArray(purchases.status, from)))
          .returning();
        return row ?? null;
      } catch (error) {
        // Moving to "processing" while another purchase of the member is processing.
        if (isUniqueViolation(error)) throw conflict("Another purchase is being processed. Please wait a moment.");
        throw error;
      }
    },
    /**
     * Moves a purchase from one of `from` to processing, to complete it. At most one purchase of a
     * member is processing (the unique index purchases_in_flight_idx), so this is the member's
     * completion lock, held in the database whichever API node asks. Answers the row, `busy`
     * while another purchase of the member is processing, or null when another call moved this one.
     */
    async claimProcessing(id: string, from: string[]): Promise<PurchaseRow | "busy" | null> {
      try {
        const [row] = await db
          .update(purchases)
          .set({ status: "processing", updatedAt: new Date() })
          .where(and(eq(purchases.id, id), inArray(purchases.status, from)))
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return "busy";
        throw error;
      }
    },
    /**
     * Wallet subscription checkouts that no call finished: started before `createdBefore` and
     * waiting for the member, failed, cancelled or being voided; or processing since before
     * `stalledBefore` (a completion whose process ended). A page of them in id order, after `after`.
     */
    unfinishedWalletCheckouts(input: { createdBefore: Date; stalledBefore: Date; after: string | null; limit: number }) {
      return db
        .select()
        .from(purchases)
        .where(
          and(
            eq(purchases.provider, "paypal"),
            eq(purchases.kind, "subscription"),
            isNotNull(purchases.providerReference),
            or(
              and(inArray(purchases.status, UNFINISHED_WALLET), lt(purchases.createdAt, input.createdBefore)),
              and(eq(purchases.status, "processing"), lt(purchases.updatedAt, input.stalledBefore)),
            ),
            input.after ? gt(purchases.id, input.after) : undefined,
          ),
        )
        .orderBy(asc(purchases.id))
        .limit(input.limit);
    },
    /**
     * Takes a purchase processing since before `stalledBefore` (its process stopped) for clearing: it
     * stays processing, touched now, so a second clear at the same moment finds it taken (null).
     */
    async takeStalled(id: string, stalledBefore: Date): Promise<PurchaseRow | null> {
      const [row] = await db
        .update(purchases)
        .set({ updatedAt: new Date() })
        .where(and(eq(purchases.id, id), eq(purchases.status, "processing"), lt(purchases.updatedAt, stalledBefore)))
        .returning();
      return row ?? null;
    },
    /** Takes an unfinished wallet checkout for voiding (status voiding); null when a member's call holds it. */
    async claimForVoiding(id: string, stalledBefore: Date): Promise<PurchaseRow | null> {
      const [row] = await db
        .update(purchases)
        .set({ status: "voiding", updatedAt: new Date() })
        .where(
          and(
            eq(purchases.id, id),
            or(
              inArray(purchases.status, UNFINISHED_WALLET),
              and(eq(purchases.status, "processing"), lt(purchases.updatedAt, stalledBefore)),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },
    async purchase(id: string) {
      const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
      return row ?? null;
    },
    async purchaseByReference(provider: string, reference: string) {
      const [row] = await db
        .select()
        .from(purchases)
        .where(and(eq(purchases.provider, provider), eq(purchases.providerReference, reference)));
      return row ?? null;
    },

    /** Records a charge once per idempotency key; answers the stored row when it exists (`created` false). */
    async recordPayment(row: NewPayment): Promise<{ payment: PaymentRow; created: boolean }> {
      const [created] = await db.insert(payments).values(row).onConflictDoNothing().returning();
      if (created) return { payment: created, created: true };
      const [existing] = await db.select().from(payments).where(eq(payments.idempotencyKey, row.idempotencyKey));
      return { payment: existing!, created: false };
    },
    /**
     * What was paid for one billing period of a subscription, in minor units of `currency`: its
     * charges that succeeded and were not refunded. A renewal (and a wallet payment by webhook) names
     * its period; the charge that started the subscription (the card checkout, the wallet's first
     * payment) names none and pays the `first` period: it is the payment of the purchase that started it.
     */
    async paidForPeriod(subscriptionId: string, period: { start: Date; first: boolean }, currency: string): Promise<number> {
      const starting = db
        .select({ id: purchases.id })
        .from(purchases)
        .where(and(eq(purchases.subscriptionId, subscriptionId), ne(purchases.kind, "upgrade")));
      const [row] = await db
        .select({ paid: sql<string | number | null>`sum(${payments.amountCents} - ${payments.refundedCents})` })
        .from(payments)
        .where(
          and(
            eq(payments.status, "succeeded"),
            eq(payments.currency, currency),
            or(
              and(eq(payments.subscriptionId, subscriptionId), eq(payments.periodStart, period.start)),
              period.first ? and(isNull(payments.periodStart), inArray(payments.purchaseId, starting)) : undefined,
            ),
          ),
        );
      return Number(row?.paid ?? 0);
    },
    async updatePayment(id: string, values: Partial<typeof payments.$inferInsert>) {
      await db
        .update(payments)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(payments.id, id));
    },
    async paymentByProviderId(provider: string, providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
      return row ?? null;
    },
    async packageOf(id: number) {
      const [row] = await db.select({ months: packages.months, isLifetime: packages.isLifetime }).from(packages).where(eq(packages.id, id));
      return row ?? null;
    },
    /** One payment with what it bought (the purchase's package, else the subscription's) and the method that paid. */
    async receipt(paymentId: string): Promise<ReceiptRow | null> {
      const [row] = await receipts(eq(payments.id, paymentId));
      return row ?? null;
    },
    /** The member's receipts, newest first: charges that succeeded (or were refunded since). */
    receiptsOf: (userId: string): Promise<ReceiptRow[]> =>
      receipts(and(eq(payments.userId, userId), inArray(payments.status, RECEIPT_STATUSES))),
    paymentsOf: (userId: string) => db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.createdAt),

    async payment(id: string) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },

    /**
     * Writes a refund, pending, before the processor is asked (docs/decisions/068). Under the payment's
     * row lock: what is left is the amount less what succeeded and what is pending, so two refunds at
     * once never give back more than was paid. The same request key answers its first refund (`existing`).
     */
    async claimRefund(
      claim: RefundClaim,
    ): Promise<{ claimed: RefundRow; payment: PaymentRow } | { existing: RefundRow } | { refused: RefundRefusal; leftCents: number }> {
      const existing = async () =>
        claim.requestKey ? ((await db.select().from(refunds).where(eq(refunds.requestKey, claim.requestKey)))[0] ?? null) : null;
      return db
        .transaction(async (tx) => {
          // Under the charge's lock, so the same key sent twice at once is seen here by the second.
          const [payment] = await tx.select().from(payments).where(eq(payments.id, claim.paymentId)).for("update");
          if (claim.requestKey) {
            const [first] = await tx.select().from(refunds).where(eq(refunds.requestKey, claim.requestKey));
            if (first) return { existing: first };
          }
          if (!payment || payment.userId !== claim.userId) return { refused: "not_found" as const, leftCents: 0 };
          if (!["succeeded", "refunded"].includes(payment.status) || !payment.providerPaymentId || payment.amountCents <= 0)
            return { refused: "not_refundable" as const, leftCents: 0 };
          const [pending] = await tx
            .select({ cents: sql<string | number | null>`sum(${refunds.amountCents})` })
            .from(refunds)
            .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, "pending")));
          const leftCents = payment.amountCents - payment.refundedCents - Number(pending?.cents ?? 0);
          if (leftCents <= 0) return { refused: "nothing_left" as const, leftCents: 0 };
          const amountCents = claim.amountCents ?? leftCents;
          if (amountCents > leftCents) return { refused: "more_than_left" as const, leftCents };
          const [claimed] = await tx
            .insert(refunds)
            .values({
              paymentId: payment.id,
              userId: payment.userId,
              amountCents,
              currency: payment.currency,
              reason: claim.reason,
              staffId: claim.staffId,
              requestKey: claim.requestKey,
              fingerprint: claim.fingerprint,
              status: "pending",
            })
            .returning();
          return { claimed: claimed!, payment };
        })
        .catch(async (error: unknown) => {
          // The same key sent at once for another charge: the first claim answers.
          const first = isUniqueViolation(error) ? await existing() : null;
          if (first) return { existing: first };
          throw error;
        });
    },
    /**
     * Settles a pending refund with the processor's answer, once: a refund made adds to what its payment
     * gave back (the whole makes it refunded). Null when another call settled it first.
     */
    async settleRefund(
      id: string,
      outcome: { status: "succeeded"; providerRefundId: string } | { status: "failed"; failureMessage: string },
    ): Promise<RefundRow | null> {
      return db.transaction(async (tx) => {
        const [settled] = await tx
          .update(refunds)
          .set({ ...outcome, updatedAt: new Date() })
          .where(and(eq(refunds.id, id), eq(refunds.status, "pending")))
          .returning();
        if (!settled || settled.status !== "succeeded") return settled ?? null;
        await tx
          .update(payments)
          .set({
            refundedCents: sql`${payments.refundedCents} + ${settled.amountCents}`,
            status: sql`case when ${payments.refundedCents} + ${settled.amountCents} >= ${payments.amountCents} then 'refunded' else ${payments.status} end`,
            updatedAt: new Date(),
          })
          .where(eq(payments.id, settled.paymentId));
        return settled;
      });
    },
    /** Refunds still pending since before `before` (the processor's answer was lost): the sweep finishes them. */
    pendingRefunds: (before: Date, limit: number) =>
      db
        .select()
        .from(refunds)
        .where(and(eq(refunds.status, "pending"), lt(refunds.updatedAt, before)))
        .orderBy(asc(refunds.updatedAt))
        .limit(limit),
    /** Takes a pending refund due since before `before` for asking again now, so nodes do not all ask at once; false when taken. */
    async takeDueRefund(id: string, before: Date): Promise<boolean> {
      const taken = await db
        .update(refunds)
        .set({ updatedAt: new Date() })
        .where(and(eq(refunds.id, id), eq(refunds.status, "pending"), lt(refunds.updatedAt, before)))
        .returning({ id: refunds.id });
      return taken.length > 0;
    },
    async refundById(id: string) {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
      return row ?? null;
    },

    /** Records a webhook event in the transaction; false when it was recorded before. */
    async recordWebhook(tx: Tx | Database, provider: string, eventId: string, kind: string): Promise<boolean> {
      const inserted = await tx
        .insert(webhookEvents)
        .values({ provider, eventId, kind })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.eventId });
      return inserted.length > 0;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
