import type { PurchaseResponse, WalletReturnBody } from "@serene/contracts";
import { conflict, declined, notFound } from "../../../domain-errors.ts";
import { isUuid } from "../../../http/ids.ts";
import type { PurchaseRow } from "../payments.repository.ts";
import type { ProviderEvent, WalletProcessor } from "../processors/ports.ts";
import { moneyOf } from "./billing-core.ts";
import type { CheckoutSteps } from "./checkout.ts";
import { BUSY_MESSAGE, LIFETIME_HELD_MESSAGE, paymentsDown, success, type PurchaseContext } from "./context.ts";

const LIFETIME_REFUNDED_MESSAGE = "You already have lifetime access. The charge was refunded.";
const UPGRADE_REFUNDED_MESSAGE = "Your plan changed before the bank approved this upgrade. The charge was refunded.";
/** A wallet checkout that will not complete: the member cancelled it, or the reconciliation voided it. */
const WALLET_CANCELED = new Set(["canceled", "voiding", "voided"]);

export type ApprovalOutcome = "granted" | "declined" | "waiting";

/** Where the browser goes for a card purchase in this state. */
const approvalOutcome = (row: PurchaseRow | null): ApprovalOutcome =>
  !row
    ? "waiting"
    : row.status === "succeeded" || (row.status === "refunded" && row.kind !== "upgrade")
      ? "granted"
      : row.status === "requires_approval"
        ? "waiting"
        : "declined";

/** Why a wallet checkout will not complete: refused beside lifetime access, or cancelled. */
const notCompleted = (purchase: PurchaseRow) =>
  purchase.responseStatus === 409 ? conflict(LIFETIME_HELD_MESSAGE) : declined("The payment was canceled.");

/**
 * The approval: a purchase or upgrade that waited for someone else finishes. By card, the bank
 * approved (or declined) the charge: the member's return from the bank's page or the card webhook
 * settles it. By wallet, the member approved at the wallet and came back: the agreement or the
 * order is captured and the subscription starts. Only the call that moves the purchase on (the
 * member's completion lock, repository.claimProcessing) grants access, however many returns and
 * webhooks arrive; one approved after lifetime access was bought meanwhile, or an upgrade approved
 * after its subscription changed, gives nothing and its charge goes back.
 */
export function createApproveCommand(ctx: PurchaseContext, steps: CheckoutSteps) {
  const { repository, billing } = ctx;

  /** Finishes a card purchase that waited for the bank's approval; answers where the browser goes. */
  async function settleApproval(found: PurchaseRow): Promise<ApprovalOutcome> {
    const purchase = found.status === "processing" ? await steps.afterProcessing(found.id) : found;
    if (!ctx.card || !purchase?.providerReference || purchase.status !== "requires_approval") return approvalOutcome(purchase);
    const result = await ctx.card.paymentStatus(purchase.providerReference);
    if (result.status === "requires_action") return "waiting";
    const payment = await repository.paymentByProviderId("stripe", purchase.providerReference);
    const stored = purchase.response as { payment_method?: string; customer?: string; payment_method_label?: string } | null;
    if (result.status === "declined") {
      if (payment) await repository.updatePayment(payment.id, { status: "failed", failureMessage: result.message });
      await repository.transitionPurchase(purchase.id, ["requires_approval"], {
        status: "failed",
        responseStatus: 402,
        response: { message: result.message },
      });
      return "declined";
    }
    // Only the call that moves the purchase on grants access, however many returns and webhooks arrive,
    // and only once no other purchase of the member is being completed.
    const moved = await steps.claimCompletion(purchase.id, ["requires_approval"]);
    if (moved === "busy") throw conflict(BUSY_MESSAGE);
    if (!moved) return approvalOutcome(await steps.afterProcessing(purchase.id));
    const pkg = (await ctx.plans.packageById(purchase.packageId))!;
    const running = await ctx.current(purchase.userId);
    // Approved at the bank after lifetime access was bought meanwhile, or an upgrade approved after the subscription it
    // was priced for was replaced or can no longer be upgraded: nothing to give for it, so the charge goes back.
    const refused =
      moved.kind === "upgrade"
        ? !running || (moved.subscriptionId !== null && running.id !== moved.subscriptionId) || !billing.canUpgrade(running)
          ? UPGRADE_REFUNDED_MESSAGE
          : null
        : running?.status === "lifetime"
          ? LIFETIME_REFUNDED_MESSAGE
          : null;
    if (refused) {
      // The money was taken: it goes back through the refunds ledger, once (the member's receipts show it given back).
      if (!payment) throw new Error(`The approved charge of purchase ${purchase.id} has no payment row.`);
      await repository.updatePayment(payment.id, { status: "succeeded" });
      await ctx.refunds.giveBackWhole({ ...payment, status: "succeeded" }, refused, `purchase:${purchase.id}`);
      await repository.transitionPurchase(purchase.id, ["processing"], {
        status: "refunded",
        responseStatus: 409,
        response: { message: refused },
      });
      return approvalOutcome({ ...moved, status: "refunded" });
    }
    if (payment) await repository.updatePayment(payment.id, { status: "succeeded" });
    const subscription = await steps.grantCard(
      moved,
      stored?.payment_method ?? "",
      stored?.customer ?? "",
      pkg,
      stored?.payment_method_label ?? null,
    );
    if (payment) await steps.receiptFor(payment.id, subscription);
    await repository.transitionPurchase(purchase.id, ["processing"], {
      status: "succeeded",
      responseStatus: 200,
      response: success(subscription).body,
    });
    return "granted";
  }

  /** The answer for a purchase that already succeeded: the subscription it started. */
  async function succeeded(purchase: PurchaseRow): Promise<PurchaseResponse> {
    return success(purchase.subscriptionId ? await ctx.subscriptions.byId(purchase.subscriptionId) : await ctx.current(purchase.userId))
      .body;
  }

  /**
   * Completes an approved wallet checkout, holding the member's completion lock: lifetime held
   * meanwhile refuses it (cancelled at the wallet), else it replaces the running subscription.
   */
  async function completeWallet(wallet: WalletProcessor, purchase: PurchaseRow, reference: string): Promise<PurchaseResponse> {
    const { userId } = purchase;
    const pkg = (await ctx.plans.packageById(purchase.packageId))!;
    if ((await ctx.current(userId))?.status === "lifetime") {
      // Approved at the wallet after lifetime access was bought meanwhile: the order is left uncaptured,
      // the wallet subscription is cancelled before it bills again.
      if (!pkg.isLifetime) await wallet.cancelSubscription(reference, "Lifetime access was bought meanwhile");
      await repository.transitionPurchase(purchase.id, ["processing"], {
        status: "canceled",
        responseStatus: 409,
        response: { message: LIFETIME_HELD_MESSAGE },
      });
      throw conflict(LIFETIME_HELD_MESSAGE);
    }
    const completion = await wallet.completeCheckout({
      providerReference: reference,
      lifetime: pkg.isLifetime,
      idempotencyKey: `capture:${purchase.id}`,
    });
    if (completion.status === "pending") {
      await repository.transitionPurchase(purchase.id, ["processing"], { status: "awaiting_wallet" });
      throw conflict("The payment is not approved yet.");
    }
    if (completion.status === "canceled") {
      await repository.transitionPurchase(purchase.id, ["processing"], { status: "canceled" });
      throw declined("The payment was canceled.");
    }
    // A completion that stopped after its subscription started is finished, never started twice.
    const owner = completion.subscriptionId
      ? (await ctx.subscriptions.history(userId)).find(
          (row) => row.provider === "paypal" && row.providerSubscriptionId === completion.subscriptionId,
        )
      : undefined;
    let subscription = owner ?? null;
    if (!subscription) {
      await steps.replaceRunning(userId, pkg);
      subscription = await billing.start({
        userId,
        provider: "paypal",
        pkg,
        trial: pkg.isFreeTrial && pkg.trialDays > 0,
        purchaseId: purchase.id,
        providerSubscriptionId: completion.subscriptionId,
      });
    }
    if (completion.paymentId) {
      // The wallet's first payment (or a captured order): recorded and receipted as a card charge is.
      const money = completion.money ?? moneyOf(pkg);
      await billing.recordCharge({
        userId,
        subscriptionId: subscription.id,
        purchaseId: purchase.id,
        provider: "paypal",
        providerPaymentId: completion.paymentId,
        idempotencyKey: `paypal:${completion.paymentId}`,
        amountCents: money.amountCents,
        currency: money.currency,
        status: "succeeded",
      });
    }
    const answer = success(subscription);
    await repository.transitionPurchase(purchase.id, ["processing"], {
      status: "succeeded",
      subscriptionId: subscription.id,
      responseStatus: 200,
      response: answer.body,
    });
    return answer.body;
  }

  return {
    settleApproval,
    completeWallet,

    /** The browser's return from the bank's approval page. */
    async approvalReturn(purchaseId: string): Promise<ApprovalOutcome> {
      // A malformed id names no purchase: the same answer as an unknown one.
      const purchase = isUuid(purchaseId) ? await repository.purchase(purchaseId) : null;
      if (!purchase || purchase.provider !== "stripe") return "declined";
      return settleApproval(purchase);
    },

    /** A verified card webhook: a charge that waited for approval settled. */
    async cardEvent(event: ProviderEvent): Promise<void> {
      if (event.kind !== "payment_succeeded" && event.kind !== "payment_failed") return;
      const payment = await repository.paymentByProviderId("stripe", event.paymentId);
      if (!payment?.purchaseId) return;
      const purchase = await repository.purchase(payment.purchaseId);
      if (purchase) await settleApproval(purchase);
    },

    /**
     * The member is back from the wallet having approved: the subscription (or lifetime) starts.
     * Approvals completed at the same moment (two tabs, two checkouts, a card purchase) take turns
     * under the member's completion lock, so each sees what the one before it did: at most one
     * agreement of the member bills at the wallet, the others are cancelled there.
     */
    async walletReturn(userId: string, body: WalletReturnBody): Promise<PurchaseResponse> {
      const wallet = ctx.wallet;
      if (!wallet) throw paymentsDown("Wallet");
      const reference = body.subscription_id ?? body.token!;
      const purchase = await repository.purchaseByReference("paypal", reference);
      if (!purchase || purchase.userId !== userId) throw notFound("This payment was not found.");
      if (purchase.status === "succeeded") return succeeded(purchase);
      if (WALLET_CANCELED.has(purchase.status)) throw notCompleted(purchase);
      const claimed = await steps.claimCompletion(purchase.id, ["awaiting_wallet", "failed"]);
      if (claimed === "busy") throw conflict(BUSY_MESSAGE);
      if (!claimed) {
        // The member's other tab is completing it right now, or it was settled meanwhile: answer its outcome.
        const settled = await steps.afterProcessing(purchase.id);
        if (settled?.status === "succeeded") return succeeded(settled);
        if (settled && WALLET_CANCELED.has(settled.status)) throw notCompleted(settled);
        throw conflict("This purchase is already being processed.");
      }
      try {
        return await completeWallet(wallet, claimed, reference);
      } catch (error) {
        // Not completed: the member may come back again (an outcome it gave has moved the purchase on already).
        await repository.transitionPurchase(claimed.id, ["processing"], { status: "failed" });
        throw error;
      }
    },
  };
}
export type ApproveCommand = ReturnType<typeof createApproveCommand>;
