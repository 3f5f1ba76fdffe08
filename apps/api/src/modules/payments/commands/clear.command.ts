import type { ClearPurchaseResponse } from "@serene/contracts";
import { formatMoney } from "@serene/domain";
import { conflict, DomainError, notFound } from "../../../domain-errors.ts";
import type { PurchaseRow } from "../payments.repository.ts";
import type { CardProcessor, FoundCharge } from "../processors/ports.ts";
import { STALLED_MS } from "../wallet-reconciliation.service.ts";
import type { ApproveCommand } from "./approve.command.ts";
import type { CheckoutSteps } from "./checkout.ts";
import { paymentsDown, success, type PurchaseContext } from "./context.ts";

export const PURCHASE_NOT_FOUND = "Purchase not found.";
const RELEASED_MESSAGE = "This purchase stopped before anything was charged. Please try again.";

type Cleared = ClearPurchaseResponse;

/**
 * Support clears a purchase stuck in processing (its process stopped mid-way: a crash, a deploy),
 * reconciled with the processor first (docs/decisions/068). A card purchase asks the processor for
 * the charge it made for this purchase: taken, the purchase completes as it would have (the member
 * gets what they paid for and their receipt); waiting for the bank, the charge is cancelled; none or
 * declined, the purchase is released (nothing was charged) and the member can buy again. A wallet
 * purchase is completed with the wallet as the member's return would (approved: it completes;
 * pending or cancelled there: released). Only a purchase processing for longer than 15 minutes can
 * be cleared, once.
 */
export function createClearCommand(ctx: PurchaseContext, steps: CheckoutSteps, approve: ApproveCommand) {
  const { repository, billing } = ctx;

  async function release(purchase: PurchaseRow): Promise<Cleared> {
    // The answer a retry of the member's call gets; a new call may buy again.
    await repository.transitionPurchase(purchase.id, ["processing"], {
      status: "failed",
      responseStatus: 409,
      response: { message: RELEASED_MESSAGE },
    });
    return {
      message: "Nothing was charged. The purchase is released: the member can buy again.",
      data: { outcome: "released", status: "failed" },
    };
  }

  /** The card charge was taken: the purchase completes as its process would have, and the receipt goes out. */
  async function completeCard(card: CardProcessor, purchase: PurchaseRow, charge: FoundCharge): Promise<Cleared> {
    const pkg = (await ctx.plans.packageById(purchase.packageId))!;
    const customerId = (await repository.customerId(purchase.userId, card.adapter)) ?? "";
    const method = charge.paymentMethodId && customerId ? await card.confirmedPaymentMethod(customerId, charge.paymentMethodId) : null;
    const payment = await billing.recordCharge({
      userId: purchase.userId,
      purchaseId: purchase.id,
      provider: "stripe",
      providerPaymentId: charge.paymentId,
      idempotencyKey: `purchase:${purchase.id}`,
      amountCents: charge.money.amountCents,
      currency: charge.money.currency,
      status: "succeeded",
    });
    if (payment.status !== "succeeded") await repository.updatePayment(payment.id, { status: "succeeded", failureMessage: null });
    // Granted before the process stopped: the subscription it started stands.
    const subscription = purchase.subscriptionId
      ? await ctx.subscriptions.byId(purchase.subscriptionId)
      : await steps.grantCard(purchase, charge.paymentMethodId ?? "", customerId, pkg, method?.label ?? null);
    await steps.receiptFor(payment.id, subscription);
    await repository.transitionPurchase(purchase.id, ["processing"], {
      status: "succeeded",
      subscriptionId: subscription?.id ?? null,
      responseStatus: 200,
      response: success(subscription).body,
    });
    return {
      message: `${formatMoney(charge.money.currency, charge.money.amountCents)} had been charged: the purchase is completed, and the member has what they paid for and their receipt.`,
      data: { outcome: "completed", status: "succeeded" },
    };
  }

  async function clearCard(card: CardProcessor, purchase: PurchaseRow): Promise<Cleared> {
    let charge = await card.findCharge(purchase.id);
    if (charge?.status === "requires_action") {
      // The member never saw the bank's page (the answer with its address was lost): the charge is cancelled.
      await card.cancelCharge(charge.paymentId);
      charge = await card.findCharge(purchase.id);
    }
    return charge?.status === "succeeded" ? completeCard(card, purchase, charge) : release(purchase);
  }

  async function clearWallet(purchase: PurchaseRow): Promise<Cleared> {
    const wallet = ctx.wallet;
    if (!wallet) throw paymentsDown("Wallet");
    if (!purchase.providerReference) return release(purchase);
    try {
      await approve.completeWallet(wallet, purchase, purchase.providerReference);
      return {
        message: "The wallet had the payment approved: the purchase is completed.",
        data: { outcome: "completed", status: "succeeded" },
      };
    } catch (error) {
      // The wallet answered: not approved (it waits for the member) or cancelled; the purchase has moved on.
      if (!(error instanceof DomainError) || error.kind === "unavailable") throw error;
      const moved = (await repository.purchase(purchase.id))!;
      if (moved.status === "processing") await repository.transitionPurchase(purchase.id, ["processing"], { status: "failed" });
      return {
        message: "The wallet has not taken this payment. The purchase is released: the member can complete it at the wallet or buy again.",
        data: { outcome: "released", status: moved.status === "processing" ? "failed" : moved.status },
      };
    }
  }

  return {
    async clear(memberId: string, purchaseId: string): Promise<Cleared> {
      const found = await repository.purchase(purchaseId);
      if (!found || found.userId !== memberId) throw notFound(PURCHASE_NOT_FOUND);
      if (found.status !== "processing") throw conflict(`This purchase is not stuck: it is ${found.status.replaceAll("_", " ")}.`);
      const stalledBefore = new Date(ctx.now().getTime() - STALLED_MS);
      if (found.updatedAt >= stalledBefore)
        throw conflict("This purchase is still being processed. A purchase can be cleared once it has been processing for 15 minutes.");
      const purchase = await repository.takeStalled(found.id, stalledBefore);
      if (!purchase) throw conflict("This purchase is being cleared or completed right now.");
      if (purchase.provider === "paypal") return clearWallet(purchase);
      if (!ctx.card) throw paymentsDown("Card");
      return clearCard(ctx.card, purchase);
    },
  };
}
