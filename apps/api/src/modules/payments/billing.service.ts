import { createBillingCore, type BillingDeps } from "./commands/billing-core.ts";
import { createSubscriptionCancellation } from "./commands/cancel.command.ts";
import { createRenewCommand } from "./commands/renew.command.ts";
import { createRetryCommand } from "./commands/retry.command.ts";
import { createSubscriptionUpgrade } from "./commands/upgrade.command.ts";
import { createWalletEvents } from "./commands/webhooks.ts";

export { CHARGE_DUE_JOB, moneyOf, RENEWAL_SWEEP_JOB, TRIAL_REMINDER_JOB, type BillingDeps } from "./commands/billing-core.ts";

/**
 * The billed subscriptions: created by purchases, moved only by lifecycle events (packages/domain
 * subscription-lifecycle), charged on schedule through the job queue, and told about provider
 * webhooks. Every change runs under the subscription row's lock; every charge has an idempotency
 * key derived from the period it pays for, so nothing is charged twice.
 *
 * Assembled from one command a file (docs/decisions/060-payment-commands.md): commands/billing-core
 * (lifecycle changes, charges, receipts, the start of a subscription), renew, retry, cancel (and
 * resume), upgrade, and the wallet's webhook events.
 */
export function createBillingService(deps: BillingDeps) {
  const core = createBillingCore(deps);
  const retry = createRetryCommand(core);
  const renew = createRenewCommand(core, retry);
  const cancellation = createSubscriptionCancellation(core);
  const upgrade = createSubscriptionUpgrade(core);
  return {
    apply: core.apply,
    start: core.start,
    cancel: cancellation.cancel,
    resume: cancellation.resume,
    canResume: cancellation.canResume,
    /** Sends the receipt for a succeeded payment (once per payment); false when there is nothing to send. */
    mailReceipt: core.mailReceipt,
    recordCharge: core.recordCharge,
    settleCharge: core.settleCharge,
    upgradeQuote: upgrade.upgradeQuote,
    upgraded: upgrade.upgraded,
    canCancel: cancellation.canCancel,
    canUpgrade: upgrade.canUpgrade,
    sendTrialReminder: renew.sendTrialReminder,
    chargeDue: renew.chargeDue,
    sweep: renew.sweep,
    walletEvent: createWalletEvents(core, retry),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
