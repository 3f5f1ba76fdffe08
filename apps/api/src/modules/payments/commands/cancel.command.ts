import { CANCELED_MESSAGE, type PaymentProvider } from "@serene/contracts";
import { applyEvents, canCancel, lifecycleFromJson, longDate, nextBillingPeriod, resumeRefusal, type LifecycleState } from "@serene/domain";
import { conflict, notFound } from "../../../domain-errors.ts";
import { emails } from "../../mail/templates.ts";
import type { SubscriptionRow } from "../../subscriptions/subscriptions.repository.ts";
import { rowValues, type BillingCore } from "./billing-core.ts";
import type { PurchaseContext } from "./context.ts";

export const RESUMED_MESSAGE = "Your subscription is running again.";

/** The cancellation e-mail, when this change is the one that stopped billing. */
export async function mailCancelled(core: BillingCore, row: SubscriptionRow, before: LifecycleState | null, after: LifecycleState | null) {
  if (!after || !after.cancelAtPeriodEnd || before?.cancelAtPeriodEnd || !after.currentPeriodEnd || !after.facts.lastCancelAt) return;
  const resumable = resumeRefusal(after, row.provider, core.deps.now()) === null;
  await core.mailOnce(row.userId, `cancelled:${row.id}:${after.facts.lastCancelAt.toISOString()}`, (name) =>
    emails.cancellationConfirmed(core.deps.brand, name, { accessUntil: longDate(after.currentPeriodEnd!), resumable }, core.settingsUrl()),
  );
}

/**
 * Cancel and resume, as billing does them to a subscription: a cancellation stops billing (at the
 * wallet too) and access lasts until the period ends; a resume takes it back while the period runs
 * (packages/domain resumeRefusal) and queues the next charge again.
 */
export function createSubscriptionCancellation(core: BillingCore) {
  const { deps } = core;
  return {
    /**
     * A cancellation: billing stops, access lasts until the period ends. `notify` e-mails the
     * member (their own cancellation); a subscription replaced by a newer purchase is not announced.
     */
    async cancel(row: SubscriptionRow, reason: string, options: { notify?: boolean } = {}) {
      if (row.provider === "paypal" && row.providerSubscriptionId && deps.wallet) {
        await deps.wallet.cancelSubscription(row.providerSubscriptionId, reason);
      }
      const changed = await core.change(row.id, [
        { type: "cancel_requested", id: `cancel:${row.id}:${deps.now().toISOString()}`, at: deps.now() },
      ]);
      if (options.notify && changed) await mailCancelled(core, row, changed.before, changed.after);
      return changed?.after ?? null;
    },

    /**
     * The member takes a cancellation back while the period runs (packages/domain resumeRefusal):
     * billing goes on, and the next charge is queued again for the end of the period.
     */
    async resume(row: SubscriptionRow): Promise<LifecycleState> {
      const at = deps.now();
      const result = await deps.subscriptions.withLock<{ refusal: string | null; state: LifecycleState | null }>(row.id, async (locked) => {
        const before = lifecycleFromJson(locked.lifecycle);
        const refusal = resumeRefusal(before, locked.provider, at);
        if (refusal) return { values: null, result: { refusal, state: before } };
        const { state, errors } = applyEvents(before, [{ type: "resumed", id: `resume:${row.id}:${at.toISOString()}`, at }]);
        if (!state || errors.length > 0) return { values: null, result: { refusal: errors[0]?.error ?? "", state: before } };
        return { values: rowValues(state), result: { refusal: null, state } };
      });
      if (!result?.state) throw conflict("You have no cancelled subscription to resume.");
      if (result.refusal !== null) throw conflict(result.refusal);
      const next = nextBillingPeriod(result.state);
      if (next) await core.scheduleCharge(row.id, next.periodStart);
      return result.state;
    },

    canCancel: (row: SubscriptionRow) => canCancel(lifecycleFromJson(row.lifecycle), deps.now()),
    canResume: (row: SubscriptionRow) => resumeRefusal(lifecycleFromJson(row.lifecycle), row.provider, deps.now()) === null,
  };
}

/** The member's cancel and resume calls (DELETE /subscription/web/cancel/{provider}, POST …/resume/{provider}). */
export function createCancelCommand(ctx: PurchaseContext) {
  const { billing } = ctx;
  return {
    /** DELETE /subscription/web/cancel/{provider}. */
    async cancel(userId: string, provider: PaymentProvider, reason = "Cancelled by the member"): Promise<{ message: string }> {
      const running = await ctx.current(userId);
      if (!running || running.provider !== provider) throw notFound("You have no subscription to cancel here.");
      if (billing.canCancel(running)) await billing.cancel(running, reason, { notify: true });
      else if (lifecycleFromJson(running.lifecycle)?.status !== "canceled") throw conflict("This subscription cannot be cancelled.");
      return { message: CANCELED_MESSAGE };
    },

    /**
     * POST /subscription/web/resume/{provider}: takes the member's cancellation back while the
     * period runs (packages/domain resumeRefusal says when); billing goes on as before.
     */
    async resume(userId: string, provider: PaymentProvider): Promise<{ message: string }> {
      const running = await ctx.current(userId);
      if (!running || running.provider !== provider) throw notFound("You have no subscription to resume here.");
      await billing.resume(running);
      return { message: RESUMED_MESSAGE };
    },
  };
}
