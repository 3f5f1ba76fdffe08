import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { sandboxPayments, sandboxRefunds, sandboxSetupIntents, type Database } from "@serene/db";
import type { RefundResult } from "./ports.ts";

export type SandboxCardPaymentRow = typeof sandboxPayments.$inferSelect;
export type SandboxSetupIntentRow = typeof sandboxSetupIntents.$inferSelect;
type NewSandboxCardPayment = Omit<typeof sandboxPayments.$inferInsert, "processor">;

/**
 * Records a sandbox charge once per processor and idempotency key; answers the new row, or null when the
 * key was used before. The one writer of `sandbox_payments` (decision 059): the sandbox wallet records its
 * renewals through it.
 */
export async function insertSandboxPaymentOnce(
  db: Pick<Database, "insert">,
  values: typeof sandboxPayments.$inferInsert,
): Promise<SandboxCardPaymentRow | null> {
  const [row] = await db.insert(sandboxPayments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Gives back part or all of a sandbox charge of `processor`, once per idempotency key (the same key
 * answers the first refund), never more than is left of it, as Stripe and PayPal refuse. The refund
 * and the charge's new balance are written together.
 */
export async function refundSandboxPayment(
  db: Database,
  processor: "card" | "wallet",
  input: { paymentId: string; amountCents: number; idempotencyKey: string },
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(sandboxRefunds)
      .values({ id: `re_sandbox_${randomBytes(12).toString("hex")}`, ...input })
      .onConflictDoNothing()
      .returning();
    if (!made) {
      const [first] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
      return { status: "succeeded", refundId: first!.id };
    }
    const [charge] = await tx
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, input.paymentId), eq(sandboxPayments.processor, processor)))
      .for("update");
    const left = charge ? charge.amountCents - charge.refundedCents : 0;
    const refusal = !charge
      ? "No such charge."
      : charge.status === "refunded"
        ? "This charge has already been refunded."
        : charge.status !== "succeeded"
          ? "Only a charge that succeeded can be refunded."
          : input.amountCents > left
            ? "The refund is more than is left of the charge."
            : null;
    if (refusal) {
      // Nothing given back: the key is free for another request, as the processors keep no failed refund under it.
      await tx.delete(sandboxRefunds).where(eq(sandboxRefunds.id, made.id));
      return { status: "refused", message: refusal };
    }
    await tx
      .update(sandboxPayments)
      .set({
        refundedCents: sql`${sandboxPayments.refundedCents} + ${input.amountCents}`,
        status: input.amountCents === left ? "refunded" : charge!.status,
      })
      .where(eq(sandboxPayments.id, input.paymentId));
    return { status: "succeeded", refundId: made.id };
  });
}

/** The sandbox card processor's own tables: setup intents (with the saved card) and payment intents. */
export function createSandboxCardRepository(db: Database) {
  const paymentByKey = async (idempotencyKey: string): Promise<SandboxCardPaymentRow | null> =>
    (
      await db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.processor, "card"), eq(sandboxPayments.idempotencyKey, idempotencyKey)))
    )[0] ?? null;
  return {
    async insertSetupIntent(
      values: Pick<typeof sandboxSetupIntents.$inferInsert, "id" | "customerId" | "clientSecret" | "status">,
    ): Promise<void> {
      await db.insert(sandboxSetupIntents).values(values);
    },
    async setupIntentBySecret(clientSecret: string): Promise<SandboxSetupIntentRow | null> {
      return (await db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.clientSecret, clientSecret)))[0] ?? null;
    },
    /** The customer's newest confirmed setup intent, for one payment method or any. */
    async latestConfirmedSetup(customerId: string, paymentMethodId?: string | null): Promise<SandboxSetupIntentRow | null> {
      const rows = await db
        .select()
        .from(sandboxSetupIntents)
        .where(
          and(
            eq(sandboxSetupIntents.customerId, customerId),
            eq(sandboxSetupIntents.status, "succeeded"),
            ...(paymentMethodId ? [eq(sandboxSetupIntents.paymentMethodId, paymentMethodId)] : []),
          ),
        )
        .orderBy(desc(sandboxSetupIntents.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    async cardBehaviourOf(paymentMethodId: string, customerId: string): Promise<string | null> {
      const [setup] = await db
        .select({ behaviour: sandboxSetupIntents.cardBehaviour })
        .from(sandboxSetupIntents)
        .where(and(eq(sandboxSetupIntents.paymentMethodId, paymentMethodId), eq(sandboxSetupIntents.customerId, customerId)));
      return setup?.behaviour ?? null;
    },
    async confirmSetupIntent(id: string, card: { paymentMethodId: string; cardBehaviour: string; last4: string }): Promise<void> {
      await db
        .update(sandboxSetupIntents)
        .set({ status: "succeeded", ...card })
        .where(eq(sandboxSetupIntents.id, id));
    },
    paymentByKey,
    /** Inserts the payment once per idempotency key; a concurrent call with the same key gets the winner's row. */
    async insertPaymentOnce(values: NewSandboxCardPayment): Promise<SandboxCardPaymentRow> {
      return (await insertSandboxPaymentOnce(db, { ...values, processor: "card" })) ?? (await paymentByKey(values.idempotencyKey))!;
    },
    async payment(paymentId: string): Promise<SandboxCardPaymentRow | null> {
      return (await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId)))[0] ?? null;
    },
    refund: (input: { paymentId: string; amountCents: number; idempotencyKey: string }) => refundSandboxPayment(db, "card", input),
    /** The newest charge made for a purchase (Stripe's search by metadata.purchase_id). */
    async paymentForPurchase(purchaseId: string): Promise<SandboxCardPaymentRow | null> {
      const rows = await db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.processor, "card"), eq(sandboxPayments.purchaseReference, purchaseId)))
        .orderBy(desc(sandboxPayments.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Settles a charge waiting for the bank's approval; false when none was waiting. */
    async settleWaitingPayment(paymentId: string, status: "succeeded" | "canceled"): Promise<boolean> {
      const updated = await db
        .update(sandboxPayments)
        .set({ status })
        .where(and(eq(sandboxPayments.id, paymentId), eq(sandboxPayments.status, "requires_action")))
        .returning({ id: sandboxPayments.id });
      return updated.length > 0;
    },
  };
}
export type SandboxCardRepository = ReturnType<typeof createSandboxCardRepository>;
