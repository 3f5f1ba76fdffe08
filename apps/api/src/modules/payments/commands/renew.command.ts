import { currencySymbol, formatAmount, lifecycleFromJson, nextBillingPeriod, planLabel, renewalAttemptEarly } from "@serene/domain";
import { emails } from "../../mail/templates.ts";
import type { ChargeResult, Money } from "../processors/ports.ts";
import type { BillingCore } from "./billing-core.ts";
import type { RetryCommand } from "./retry.command.ts";

/**
 * The renewal: each period's charge, queued for the moment the period ends (and after the trial,
 * the first charge), with the trial reminder before it and the hourly sweep as the safety net. The
 * charge's idempotency key is derived from the period it pays for (and the attempt), so nothing is
 * charged twice; a failed charge goes to the retry command.
 */
export function createRenewCommand(core: BillingCore, retry: Pick<RetryCommand, "renewalFailed">) {
  const { deps } = core;
  const { subscriptions } = deps;

  return {
    /** Day 5 of the trial: the reminder e-mail, unless the trial was cancelled or is over. */
    async sendTrialReminder(subscriptionId: string): Promise<{ sent: boolean }> {
      const row = await subscriptions.byId(subscriptionId);
      const state = lifecycleFromJson(row?.lifecycle);
      if (!row || !state || state.status !== "trialing" || state.cancelAtPeriodEnd) return { sent: false };
      const member = await deps.repository.member(row.userId);
      if (!member || !state.currentPeriodEnd) return { sent: false };
      const currency = row.currency ?? "USD";
      const amount = `${currencySymbol(currency)}${formatAmount(row.amountCents ?? 0)}`;
      const date = state.currentPeriodEnd.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
      await deps.mailer.send({
        to: member.email,
        userId: member.id,
        ...emails.trialEnding(deps.brand, member.name, amount, date, `${deps.appUrl}/settings/subscription`),
      });
      return { sent: true };
    },

    /**
     * Charges the period that starts at `periodStart` (the first charge after the trial, or a
     * renewal), or notes that nothing is due: cancelled, lifetime, already paid, or a stale job.
     * A failed charge is retried `retryAttempts` times a day apart, then access ends (retry command).
     */
    async chargeDue(subscriptionId: string, periodStart: Date, attempt = 0): Promise<{ outcome: string }> {
      const row = await subscriptions.byId(subscriptionId);
      const state = lifecycleFromJson(row?.lifecycle);
      const next = nextBillingPeriod(state);
      if (!row || !state || !next || next.periodStart.getTime() !== periodStart.getTime()) return { outcome: "not due" };
      if (renewalAttemptEarly(periodStart, attempt, deps.now())) return { outcome: "not yet due" };
      const money: Money = { amountCents: row.amountCents ?? 0, currency: row.currency ?? "USD" };
      const key = `renewal:${row.id}:${periodStart.toISOString()}`;
      const attemptKey = attempt === 0 ? key : `${key}:${attempt}`;
      const now = deps.now();
      let result: ChargeResult | null;
      if (row.provider === "stripe") {
        if (!deps.card || !row.customerId || !row.paymentMethodId) return { outcome: "no card" };
        result = await deps.card.charge({
          customerId: row.customerId,
          paymentMethodId: row.paymentMethodId,
          money,
          description: `${deps.brand.product} ${planLabel(state)} renewal`,
          idempotencyKey: attemptKey,
          onSession: false,
          returnUrl: `${deps.appUrl}/settings/subscription`,
          metadata: { subscription_id: row.id, period_start: periodStart.toISOString() },
        });
      } else if (row.provider === "paypal" && deps.wallet?.bill && row.providerSubscriptionId) {
        result = await deps.wallet.bill({ subscriptionId: row.providerSubscriptionId, money, idempotencyKey: key });
      } else {
        result = null; // PayPal bills itself; its webhook brings the charge.
      }
      const payment =
        result &&
        (await core.recordCharge({
          userId: row.userId,
          subscriptionId: row.id,
          provider: row.provider,
          providerPaymentId: result.paymentId,
          idempotencyKey: attemptKey,
          amountCents: money.amountCents,
          currency: money.currency,
          status: result.status === "succeeded" ? "succeeded" : "failed",
          periodStart: next.periodStart,
          periodEnd: next.periodEnd,
          failureMessage:
            result.status === "declined" ? result.message : result.status === "requires_action" ? "The bank asked for an approval." : null,
        }));
      if (result?.status === "succeeded") {
        const after = await core.apply(row.id, [{ type: "charged", id: key, at: now, ...next }]);
        if (after?.currentPeriodEnd) await core.scheduleCharge(row.id, after.currentPeriodEnd);
        return { outcome: "charged" };
      }
      if (result === null) {
        // Waiting for the wallet's own charge: past due at the end of the period if it does not come.
        if (attempt === 0) await core.scheduleCharge(row.id, periodStart, 1);
        else await core.apply(row.id, [{ type: "period_ended", id: `ended:${row.id}:${periodStart.toISOString()}`, at: now }]);
        return { outcome: attempt === 0 ? "awaiting wallet" : "past due" };
      }
      return retry.renewalFailed(row, periodStart, attempt, payment?.idempotencyKey ?? key, now);
    },

    /** The hourly safety net: any billed subscription whose period ended gets its charge job again. */
    async sweep(): Promise<{ queued: number }> {
      const overdue = await subscriptions.overdue(deps.now());
      for (const { id } of overdue) {
        const row = await subscriptions.byId(id);
        const next = nextBillingPeriod(lifecycleFromJson(row?.lifecycle));
        if (next) await core.scheduleCharge(id, next.periodStart);
      }
      return { queued: overdue.length };
    },
  };
}
