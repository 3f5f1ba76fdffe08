import { planLabel, lifecycleFromJson } from "@serene/domain";
import type { SubscriptionRow } from "../subscriptions/subscriptions.repository.ts";
import { createApproveCommand } from "./commands/approve.command.ts";
import { createCancelCommand } from "./commands/cancel.command.ts";
import { createCheckoutSteps } from "./commands/checkout.ts";
import { createClearCommand } from "./commands/clear.command.ts";
import { createPurchaseContext, type PurchasesDeps } from "./commands/context.ts";
import { createIdempotency } from "./commands/idempotency.ts";
import { createPurchaseCommand } from "./commands/purchase.command.ts";
import { createUpgradeCommand } from "./commands/upgrade.command.ts";
import { createWebhookReceiver } from "./commands/webhooks.ts";

export type { PurchasesDeps } from "./commands/context.ts";
export { RESUMED_MESSAGE } from "./commands/cancel.command.ts";
export { OFFER_PAGE_ONLY_MESSAGE, offerEndedMessage } from "./commands/checkout.ts";

/**
 * The member's payment calls, one command a file (docs/decisions/060-payment-commands.md):
 * purchase (card and wallet), approve (the bank's approval, the wallet's return and capture),
 * upgrade (with its preview), cancel and resume, and the providers' webhooks. Each purchase call is
 * claimed once per Idempotency-Key and member (commands/idempotency), one at a time per member, and
 * its answer is stored and replayed for a retry of the same call.
 */
export function createPurchasesService(deps: PurchasesDeps) {
  const ctx = createPurchaseContext(deps);
  const steps = createCheckoutSteps(ctx);
  const once = createIdempotency(deps.repository);
  const purchase = createPurchaseCommand(ctx, steps, once);
  const approve = createApproveCommand(ctx, steps);
  const upgrade = createUpgradeCommand(ctx, steps, once);
  const cancellation = createCancelCommand(ctx);
  const clearing = createClearCommand(ctx, steps, approve);
  return {
    // ---- card --------------------------------------------------------------------------
    setupIntent: purchase.setupIntent,
    saveCardAndBuy: purchase.saveCardAndBuy,
    approvalReturn: approve.approvalReturn,
    receiveWebhook: createWebhookReceiver(ctx, approve.cardEvent),
    cardEvent: approve.cardEvent,

    // ---- wallet ------------------------------------------------------------------------
    walletCheckout: purchase.walletCheckout,
    walletReturn: approve.walletReturn,
    walletCancel: purchase.walletCancel,

    // ---- plan changes and cancellation -------------------------------------------------------
    upgradePreview: upgrade.upgradePreview,
    changePlan: upgrade.changePlan,
    cancel: cancellation.cancel,
    resume: cancellation.resume,

    // ---- support -----------------------------------------------------------------------
    /** A purchase stuck in processing, reconciled with the processor and completed or released. */
    clear: clearing.clear,

    /** What the member's plan is now called (for the response after a change). */
    label: (row: SubscriptionRow) => {
      const state = lifecycleFromJson(row.lifecycle);
      return state ? planLabel(state) : row.planType;
    },
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
