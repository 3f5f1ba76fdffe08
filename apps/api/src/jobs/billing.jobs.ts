import { z } from "zod";
import { CHARGE_DUE_JOB, RENEWAL_SWEEP_JOB, TRIAL_REMINDER_JOB, type BillingService } from "../modules/payments/billing.service.ts";
import { FINISH_REFUNDS_JOB, type RefundsService } from "../modules/payments/refunds.service.ts";
import { WALLET_RECONCILIATION_JOB, type WalletReconciliation } from "../modules/payments/wallet-reconciliation.service.ts";
import { defineJob } from "./job.ts";

/** The reminder e-mail before a free trial turns into its first charge. */
export const trialReminderJob = (billing: BillingService) =>
  defineJob({
    name: TRIAL_REMINDER_JOB,
    policy: { expireInSeconds: 120 },
    payload: z.object({ subscriptionId: z.string().min(1) }),
    run: ({ subscriptionId }) => billing.sendTrialReminder(subscriptionId),
  });

/** One renewal charge (or its retry), queued for the moment the period ends. */
export const chargeDueJob = (billing: BillingService) =>
  defineJob({
    name: CHARGE_DUE_JOB,
    // A charge waits on the processor (a few seconds at worst); one whose worker died is tried again after two minutes.
    policy: { expireInSeconds: 120 },
    payload: z.object({
      subscriptionId: z.string().min(1),
      periodStart: z.iso.datetime({ offset: true }),
      attempt: z.number().int().min(0).default(0),
    }),
    run: ({ subscriptionId, periodStart, attempt }) => billing.chargeDue(subscriptionId, new Date(periodStart), attempt),
  });

/** Each charge is queued for its due time; the hourly sweep is the safety net. */
export const renewalSweepJob = (billing: BillingService) =>
  defineJob({ name: RENEWAL_SWEEP_JOB, cron: "17 * * * *", payload: z.object({}), run: () => billing.sweep() });

/** Every hour, wallet agreements no subscription owns are cancelled at the wallet (see WalletReconciliation). */
export const walletReconciliationJob = (reconciliation: WalletReconciliation) =>
  defineJob({ name: WALLET_RECONCILIATION_JOB, cron: "47 * * * *", payload: z.object({}), run: () => reconciliation.run() });

/** Every five minutes, refunds whose processor answer was lost are asked again under their own key (once at the processor). */
export const finishRefundsJob = (refunds: RefundsService) =>
  defineJob({ name: FINISH_REFUNDS_JOB, cron: "*/5 * * * *", payload: z.object({}), run: () => refunds.finishPending() });
