import type { PaymentProvider } from "@serene/contracts";
import { lifecycleFromJson, periodPaidAt, type LifecycleEvent } from "@serene/domain";
import { notFound, unreadable } from "../../../domain-errors.ts";
import { InvalidWebhookError, type ProviderEvent } from "../processors/ports.ts";
import type { BillingCore } from "./billing-core.ts";
import { mailCancelled } from "./cancel.command.ts";
import type { PurchaseContext } from "./context.ts";
import type { RetryCommand } from "./retry.command.ts";

/**
 * A wallet webhook about one of our subscriptions: the wallet's own renewal charge, its failure,
 * a cancellation or suspension at the wallet, each applied once per event id. Answers false for an
 * unknown subscription, so the provider delivers it again later (it may arrive before the member
 * is back with us).
 */
export function createWalletEvents(core: BillingCore, retry: Pick<RetryCommand, "mailRenewalFailed">) {
  const { deps } = core;
  return async function walletEvent(event: ProviderEvent): Promise<boolean> {
    if (event.kind === "ignored" || event.kind === "payment_succeeded" || event.kind === "payment_failed") return true;
    const row = await deps.subscriptions.byProviderId("paypal", event.subscriptionId);
    if (!row) return false;
    const state = lifecycleFromJson(row.lifecycle);
    const webhook = { provider: "paypal", eventId: event.eventId, kind: event.kind };
    const events: LifecycleEvent[] = [];
    if (event.kind === "subscription_charged" && state && state.plan !== "lifetime") {
      const { periodStart: start, periodEnd: end } = periodPaidAt(state.facts, event.at)!;
      events.push({ type: "charged", id: event.eventId, at: event.at, periodStart: start, periodEnd: end });
      await core.recordCharge({
        userId: row.userId,
        subscriptionId: row.id,
        provider: "paypal",
        providerPaymentId: event.paymentId,
        idempotencyKey: `paypal:${event.paymentId}`,
        amountCents: event.money?.amountCents ?? row.amountCents ?? 0,
        currency: event.money?.currency ?? row.currency ?? "USD",
        status: "succeeded",
        periodStart: start,
        periodEnd: end,
      });
    } else if (event.kind === "subscription_charge_failed") events.push({ type: "charge_failed", id: event.eventId, at: event.at });
    else if (event.kind === "subscription_canceled") events.push({ type: "cancel_requested", id: event.eventId, at: event.at });
    else if (event.kind === "subscription_suspended") events.push({ type: "retries_exhausted", id: event.eventId, at: event.at });
    const changed = await core.change(row.id, events, webhook);
    if (event.kind === "subscription_charge_failed" && state) {
      const period = periodPaidAt(state.facts, event.at);
      if (period) await retry.mailRenewalFailed(row, period.periodStart, deps.retryAttempts);
    }
    if (event.kind === "subscription_canceled" && changed) await mailCancelled(core, row, changed.before, changed.after);
    return true;
  };
}

/**
 * A provider's webhook: its signature checked over the exact bytes, then the event applied: a
 * card event settles a charge that waited for the bank's approval (the approve command), a wallet
 * event goes to billing (createWalletEvents). A wallet event for a subscription not known yet is
 * refused, so the wallet delivers it again.
 */
export function createWebhookReceiver(ctx: PurchaseContext, cardEvent: (event: ProviderEvent) => Promise<void>) {
  return async function receiveWebhook(
    provider: PaymentProvider,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<void> {
    const processor = provider === "stripe" ? ctx.card : ctx.wallet;
    if (!processor) throw notFound();
    let event: ProviderEvent;
    try {
      event = await processor.readWebhook(raw, headers);
    } catch (error) {
      if (error instanceof InvalidWebhookError) throw unreadable("The webhook signature is not valid.");
      throw error;
    }
    if (provider === "stripe") await cardEvent(event);
    else if (!(await ctx.billing.walletEvent(event))) throw notFound("Unknown subscription; deliver again later.");
  };
}
