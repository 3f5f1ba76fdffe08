import { formatMoney, longDate, receiptItem, renewalRetryDates } from "@serene/domain";
import { emails } from "../../mail/templates.ts";
import type { SubscriptionRow } from "../../subscriptions/subscriptions.repository.ts";
import type { BillingCore } from "./billing-core.ts";

/**
 * The failed renewal and its retries: the failure is recorded on the lifecycle (past due), the
 * member is told once per period, and the charge is tried again a day later, `retryAttempts` times,
 * before access ends (retries exhausted). A wallet retries on its own and tells us by webhook; its
 * member gets the same e-mail (webhooks.ts).
 */
export function createRetryCommand(core: BillingCore) {
  const { deps } = core;

  /** The failed-renewal e-mail: once per period that could not be charged, however many attempts and notices. */
  async function mailRenewalFailed(row: SubscriptionRow, periodStart: Date, attempt: number) {
    const wallet = row.provider === "paypal";
    const { nextAttempt, lastDay } = renewalRetryDates({ periodStart, attempt, retryAttempts: deps.retryAttempts, wallet });
    const pkg = row.packageId === null ? null : await deps.repository.packageOf(row.packageId);
    await core.mailOnce(row.userId, `renewal-failed:${row.id}:${periodStart.toISOString()}`, (name) =>
      emails.renewalFailed(
        deps.brand,
        name,
        {
          amount: formatMoney(row.currency ?? "USD", row.amountCents ?? 0),
          plan: receiptItem(pkg),
          nextAttempt: nextAttempt ? longDate(nextAttempt) : null,
          lastDay: longDate(lastDay),
          wallet,
        },
        core.settingsUrl(),
      ),
    );
  }

  return {
    mailRenewalFailed,

    /**
     * Attempt `attempt` of the renewal of the period starting at `periodStart` failed (`failureId`:
     * the failed charge's idempotency key; `now`: when the attempt ran): the next attempt is queued a
     * day later, or after the last one access ends.
     */
    async renewalFailed(
      row: SubscriptionRow,
      periodStart: Date,
      attempt: number,
      failureId: string,
      now: Date,
    ): Promise<{ outcome: string }> {
      await core.apply(row.id, [{ type: "charge_failed", id: `failed:${failureId}`, at: now }]);
      await mailRenewalFailed(row, periodStart, attempt);
      if (attempt < deps.retryAttempts) {
        await core.scheduleCharge(row.id, periodStart, attempt + 1);
        return { outcome: "retry scheduled" };
      }
      await core.apply(row.id, [{ type: "retries_exhausted", id: `exhausted:${row.id}:${periodStart.toISOString()}`, at: now }]);
      return { outcome: "ended" };
    },
  };
}
export type RetryCommand = ReturnType<typeof createRetryCommand>;
