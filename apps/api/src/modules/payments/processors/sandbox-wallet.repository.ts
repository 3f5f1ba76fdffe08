import { and, eq } from "drizzle-orm";
import { sandboxPayments, sandboxWalletCheckouts, type Database } from "@serene/db";
import { insertSandboxPaymentOnce, refundSandboxPayment } from "./sandbox-card.repository.ts";

export type SandboxWalletCheckoutRow = typeof sandboxWalletCheckouts.$inferSelect;
export type NewSandboxWalletCheckout = typeof sandboxWalletCheckouts.$inferInsert;
export type SandboxWalletPaymentRow = typeof sandboxPayments.$inferSelect;

/** The sandbox wallet's own table, its checkouts (PayPal's orders and subscriptions); its renewals are recorded through the card's sandbox payments. */
export function createSandboxWalletRepository(db: Database) {
  const paymentByKey = async (idempotencyKey: string) =>
    (
      await db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.processor, "wallet"), eq(sandboxPayments.idempotencyKey, idempotencyKey)))
    )[0] ?? null;
  return {
    async checkout(id: string): Promise<SandboxWalletCheckoutRow | null> {
      return (await db.select().from(sandboxWalletCheckouts).where(eq(sandboxWalletCheckouts.id, id)))[0] ?? null;
    },
    /** Inserts the checkout once per idempotency key; a repeated key answers the first checkout. */
    async insertCheckoutOnce(values: NewSandboxWalletCheckout): Promise<SandboxWalletCheckoutRow> {
      const [row] = await db.insert(sandboxWalletCheckouts).values(values).onConflictDoNothing().returning();
      return (
        row ?? (await db.select().from(sandboxWalletCheckouts).where(eq(sandboxWalletCheckouts.idempotencyKey, values.idempotencyKey)))[0]!
      );
    },
    async updateCheckout(id: string, changes: Partial<Pick<NewSandboxWalletCheckout, "status" | "item">>): Promise<void> {
      await db.update(sandboxWalletCheckouts).set(changes).where(eq(sandboxWalletCheckouts.id, id));
    },
    paymentByKey,
    /** Records a successful renewal once per idempotency key; answers the stored payment. */
    async insertPaymentOnce(values: Omit<typeof sandboxPayments.$inferInsert, "processor">): Promise<SandboxWalletPaymentRow> {
      await insertSandboxPaymentOnce(db, { ...values, processor: "wallet" });
      return (await paymentByKey(values.idempotencyKey))!;
    },
    refund: (input: { paymentId: string; amountCents: number; idempotencyKey: string }) => refundSandboxPayment(db, "wallet", input),
  };
}
export type SandboxWalletRepository = ReturnType<typeof createSandboxWalletRepository>;
