import { randomBytes } from "node:crypto";
import type { Database } from "@serene/db";
import { InvalidWebhookError, type WalletItem, type WalletProcessor } from "./ports.ts";
import { createSandboxWalletRepository } from "./sandbox-wallet.repository.ts";

/**
 * The offline wallet used when no PayPal keys are configured. A checkout is a row here; the
 * member approves or cancels it on the local page /sandbox/wallet/approve/{id}, which returns to
 * the product's /success-transaction or /cancel-transaction like PayPal does. Like PayPal it bills
 * an agreement's first period when it activates (unless it starts with a trial), and it bills
 * renewals and an upgrade's amount itself when asked (always successfully), standing in for
 * PayPal's own billing.
 */
const token = (prefix: string) =>
  `${prefix}-${randomBytes(9)
    .toString("base64url")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "7")}`;

export function createSandboxWallet(db: Database) {
  const repository = createSandboxWalletRepository(db);
  const byId = repository.checkout;

  const processor: WalletProcessor = {
    adapter: "sandbox",
    async createCheckout({ reference, item, returnUrl, cancelUrl, idempotencyKey }) {
      const lifetime = item.months === 0;
      const id = token(lifetime ? "ORDER" : "I");
      const checkout = await repository.insertCheckoutOnce({
        id,
        idempotencyKey,
        reference,
        lifetime,
        item: { ...item },
        returnUrl,
        cancelUrl,
        status: "created",
      });
      return { providerReference: checkout.id, approvalUrl: `/sandbox/wallet/approve/${checkout.id}` };
    },
    async completeCheckout({ providerReference }) {
      const checkout = await byId(providerReference);
      if (!checkout || checkout.status === "canceled" || checkout.status === "cancelled") return { status: "canceled" };
      if (checkout.status === "created") return { status: "pending" };
      if (checkout.status === "approved") {
        await repository.updateCheckout(checkout.id, { status: "active" });
      }
      const item = checkout.item as unknown as WalletItem;
      if (checkout.lifetime) {
        // The order's capture, once however often completed.
        const capture = await repository.insertPaymentOnce({
          id: `CAPTURE-${checkout.id}`,
          idempotencyKey: `capture:${checkout.id}`,
          account: checkout.id,
          amountCents: item.money.amountCents,
          currency: item.money.currency,
          status: "succeeded",
        });
        return { status: "approved", subscriptionId: null, paymentId: capture.id, money: item.money };
      }
      // Like PayPal, an agreement without a trial is billed its first period when it activates: once, however often completed.
      const first =
        item.trialDays > 0
          ? null
          : await repository.insertPaymentOnce({
              id: token("SALE"),
              idempotencyKey: `first:${checkout.id}`,
              account: checkout.id,
              amountCents: item.money.amountCents,
              currency: item.money.currency,
              status: "succeeded",
            });
      return { status: "approved", subscriptionId: checkout.id, paymentId: first?.id ?? null, money: first ? item.money : null };
    },
    async cancelSubscription(subscriptionId) {
      // Also a checkout still waiting for approval: its page can no longer approve it.
      await repository.updateCheckout(subscriptionId, { status: "cancelled" });
    },
    async agreementStatus(subscriptionId) {
      const checkout = await byId(subscriptionId);
      if (!checkout || checkout.lifetime) return "ended";
      if (checkout.status === "created") return "pending";
      return checkout.status === "approved" || checkout.status === "active" ? "approved" : "ended";
    },
    async changePlan({ subscriptionId, item }) {
      await repository.updateCheckout(subscriptionId, { item: { ...item } });
      return { approvalUrl: null };
    },
    async bill({ subscriptionId, money, idempotencyKey }) {
      const existing = await repository.paymentByKey(idempotencyKey);
      if (existing) return { status: "succeeded", paymentId: existing.id };
      const checkout = await byId(subscriptionId);
      if (!checkout || checkout.status !== "active")
        return { status: "declined", paymentId: null, message: "The wallet subscription is not active." };
      const row = await repository.insertPaymentOnce({
        id: token("SALE"),
        idempotencyKey,
        account: subscriptionId,
        amountCents: money.amountCents,
        currency: money.currency,
        status: "succeeded",
      });
      return { status: "succeeded", paymentId: row.id };
    },
    refund: ({ paymentId, money, idempotencyKey }) => repository.refund({ paymentId, amountCents: money.amountCents, idempotencyKey }),
    async readWebhook() {
      throw new InvalidWebhookError("The sandbox wallet sends no webhooks.");
    },
  };

  return {
    processor,
    checkout: byId,
    /** The member's answer on the approval page; answers where the browser goes next. */
    async decide(id: string, approve: boolean): Promise<string | null> {
      const checkout = await byId(id);
      if (!checkout) return null;
      if (checkout.status === "created") {
        await repository.updateCheckout(id, { status: approve ? "approved" : "canceled" });
      }
      const target = new URL(approve ? checkout.returnUrl : checkout.cancelUrl);
      if (checkout.lifetime) target.searchParams.set("token", id);
      else if (approve) {
        target.searchParams.set("subscription_id", id);
        target.searchParams.set("ba_token", `BA-${id.slice(2)}`);
        target.searchParams.set("token", id);
      } else target.searchParams.set("token", id);
      return target.pathname + target.search;
    },
  };
}
export type SandboxWallet = ReturnType<typeof createSandboxWallet>;
