import {
  applyEvents,
  billingPeriodEnd,
  formatMoney,
  lifecycleFromJson,
  lifecycleToJson,
  longDate,
  planFromMonths,
  planLabel,
  receiptItem,
  receiptReference,
  renewalAttemptAt,
  trialSchedule,
  type LifecycleEvent,
  type LifecycleState,
} from "@serene/domain";
import type { FastifyBaseLogger } from "fastify";
import type { JobQueue } from "../../../jobs/queue.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { emails, type Brand, type Email } from "../../mail/templates.ts";
import type { PackageRow } from "../../plans/plans.repository.ts";
import type { SubscriptionRow, SubscriptionsRepository } from "../../subscriptions/subscriptions.repository.ts";
import type { NewPayment, PaymentRow, PaymentsRepository } from "../payments.repository.ts";
import type { CardProcessor, Money, WalletProcessor } from "../processors/ports.ts";

export const TRIAL_REMINDER_JOB = "subscriptions.trial-reminder";
export const CHARGE_DUE_JOB = "subscriptions.charge";
export const RENEWAL_SWEEP_JOB = "subscriptions.sweep";

export interface BillingDeps {
  repository: PaymentsRepository;
  /** The subscriptions table's repository: the billed lifecycle writes its rows. */
  subscriptions: SubscriptionsRepository;
  card: CardProcessor | null;
  wallet: WalletProcessor | null;
  mailer: Pick<Mailer, "send">;
  brand: Brand;
  appUrl: string;
  jobs: JobQueue | null;
  /** Failed renewals are retried this many times, a day apart, before access ends. */
  retryAttempts: number;
  now: () => Date;
  /** Where a money e-mail that could not be written is reported (the money itself is never undone for it). */
  logger?: Pick<FastifyBaseLogger, "error">;
  /** Told of each charge recorded, once (the metrics). */
  onCharge?: (provider: string, status: string) => void;
}

type Webhook = { provider: string; eventId: string; kind: string };

/** Where a subscription stands, written onto its row from its lifecycle state. */
export const rowValues = (state: LifecycleState) => ({
  lifecycle: lifecycleToJson(state),
  status: state.status,
  planType: planLabel(state),
  currentPeriodEnd: state.currentPeriodEnd,
});

export const moneyOf = (pkg: Pick<PackageRow, "amountCents" | "currency">): Money => ({
  amountCents: pkg.amountCents,
  currency: pkg.currency,
});

/**
 * What every billing command stands on: lifecycle changes under the subscription row's lock, the
 * job queue, money e-mails written once per key, every charge recorded once per idempotency key,
 * and the start of a new subscription. The commands (renew, retry, cancel, upgrade, the wallet's
 * events) are built over it in their own files and assembled by createBillingService.
 */
export function createBillingCore(deps: BillingDeps) {
  const { repository, subscriptions } = deps;

  async function schedule(name: string, data: object, startAfter: Date, singletonKey: string) {
    if (!deps.jobs) return;
    await deps.jobs.send(name, data, { startAfter, singletonKey, retryLimit: 5, retryBackoff: true });
  }

  /**
   * Applies events to a subscription under its lock; answers the state before and after them
   * (the same state when nothing changed).
   */
  async function change(subscriptionId: string, events: LifecycleEvent[], webhook?: Webhook) {
    return subscriptions.withLock(subscriptionId, async (row, tx) => {
      const before = lifecycleFromJson(row.lifecycle);
      if (webhook && !(await repository.recordWebhook(tx, webhook.provider, webhook.eventId, webhook.kind))) {
        return { values: null, result: { before, after: before } };
      }
      const { state } = applyEvents(before, events);
      if (!state || state === before) return { values: null, result: { before, after: before } };
      return { values: rowValues(state), result: { before, after: state } };
    });
  }

  /** Applies events to a subscription under its lock; answers the state after them. */
  async function apply(subscriptionId: string, events: LifecycleEvent[], webhook?: Webhook) {
    return (await change(subscriptionId, events, webhook))?.after ?? null;
  }

  const settingsUrl = () => `${deps.appUrl}/settings/subscription`;

  /**
   * Writes a money e-mail to the member once per key. The outbox keeps it; a failure to write it
   * is logged and never undoes the money or the subscription change it is about.
   */
  async function mailOnce(userId: string, dedupeKey: string, compose: (name: string) => Email): Promise<boolean> {
    try {
      const member = await repository.member(userId);
      if (!member) return false;
      await deps.mailer.send({ to: member.email, userId: member.id, dedupeKey, ...compose(member.name) });
      return true;
    } catch (error) {
      deps.logger?.error({ err: error, userId, dedupeKey }, "a money e-mail could not be written");
      return false;
    }
  }

  /** The receipt e-mail for a charge that succeeded: once per payment, whichever call or webhook got there. */
  async function mailReceipt(paymentId: string): Promise<boolean> {
    const receipt = await repository.receipt(paymentId);
    if (!receipt || receipt.payment.status !== "succeeded") return false;
    const { payment } = receipt;
    return mailOnce(payment.userId, `receipt:${payment.id}`, (name) =>
      emails.receipt(
        deps.brand,
        name,
        {
          item: receiptItem(receipt.pkg),
          amount: formatMoney(payment.currency, payment.amountCents),
          currency: payment.currency,
          paidOn: longDate(payment.createdAt),
          reference: receiptReference(payment.id, payment.createdAt),
          paidWith: receipt.paidWith,
          covers: payment.periodStart && payment.periodEnd ? `${longDate(payment.periodStart)} to ${longDate(payment.periodEnd)}` : null,
        },
        `${deps.appUrl}/settings/subscription/receipts/${payment.id}`,
      ),
    );
  }

  /**
   * Every charge a processor answered, card or wallet (a checkout, a renewal, the upgrade, a capture, a
   * wallet's payment by webhook), is recorded here, once per idempotency key; one that succeeded for a
   * subscription gets its receipt e-mail, once. A charge taken before its subscription exists (at the
   * card checkout) gets it from `settleCharge` when the subscription has started.
   */
  async function recordCharge(input: NewPayment): Promise<PaymentRow> {
    const { payment, created } = await repository.recordPayment(input);
    if (created) deps.onCharge?.(payment.provider, payment.status);
    if (payment.status === "succeeded" && payment.subscriptionId) await mailReceipt(payment.id);
    return payment;
  }

  /** A charge that succeeded belongs to the subscription it paid for; its receipt goes out once. */
  async function settleCharge(paymentId: string, subscriptionId: string | null) {
    if (subscriptionId) await repository.updatePayment(paymentId, { subscriptionId });
    await mailReceipt(paymentId);
  }

  /** Queues attempt `attempt` of the charge for the period starting at `periodStart`, once per attempt. */
  async function scheduleCharge(subscriptionId: string, periodStart: Date, attempt = 0) {
    await schedule(
      CHARGE_DUE_JOB,
      { subscriptionId, periodStart: periodStart.toISOString(), attempt },
      renewalAttemptAt(periodStart, attempt),
      `${subscriptionId}:${periodStart.toISOString()}:${attempt}`,
    );
  }

  /**
   * A new subscription after a successful checkout: a trial, a first paid period, or lifetime.
   * Schedules the trial reminder and the next charge.
   */
  async function start(input: {
    userId: string;
    provider: "stripe" | "paypal";
    pkg: PackageRow;
    trial: boolean;
    purchaseId: string;
    customerId?: string | null;
    paymentMethodId?: string | null;
    /** "Visa •••• 4242", "PayPal": shown in settings and on receipts. */
    paymentMethodLabel?: string | null;
    providerSubscriptionId?: string | null;
  }): Promise<SubscriptionRow> {
    const now = deps.now();
    const plan = planFromMonths(input.pkg.months, input.pkg.isLifetime);
    if (plan === null) throw new Error(`Package ${input.pkg.id} has no plan.`);
    const events: LifecycleEvent[] =
      plan === "lifetime"
        ? [{ type: "lifetime_purchased", id: `purchase:${input.purchaseId}`, at: now }]
        : [
            { type: "started", id: `start:${input.purchaseId}`, at: now, plan, trial: input.trial },
            ...(input.trial
              ? []
              : [
                  {
                    type: "charged" as const,
                    id: `charge:${input.purchaseId}`,
                    at: now,
                    periodStart: now,
                    periodEnd: billingPeriodEnd(plan, now),
                  },
                ]),
          ];
    const { state } = applyEvents(null, events);
    if (!state) throw new Error("The subscription could not start.");
    const row = await subscriptions.insert({
      userId: input.userId,
      provider: input.provider,
      startedAt: now,
      packageId: input.pkg.id,
      customerId: input.customerId ?? null,
      paymentMethodId: input.paymentMethodId ?? null,
      paymentMethodLabel: input.paymentMethodLabel ?? (input.provider === "paypal" ? "PayPal" : null),
      providerSubscriptionId: input.providerSubscriptionId ?? null,
      amountCents: input.pkg.amountCents,
      currency: input.pkg.currency,
      ...rowValues(state),
    });
    if (input.trial) {
      await schedule(TRIAL_REMINDER_JOB, { subscriptionId: row.id }, trialSchedule(now).reminderAt, `reminder:${row.id}`);
      const endsOn = longDate(state.currentPeriodEnd!);
      await mailOnce(row.userId, `trial-started:${row.id}`, (name) =>
        emails.trialStarted(
          deps.brand,
          name,
          {
            endsOn,
            amount: formatMoney(input.pkg.currency, input.pkg.amountCents),
            plan: receiptItem(input.pkg),
            paidWith: row.paymentMethodLabel,
          },
          settingsUrl(),
        ),
      );
    }
    if (state.currentPeriodEnd && plan !== "lifetime") await scheduleCharge(row.id, state.currentPeriodEnd);
    return row;
  }

  return { deps, schedule, change, apply, settingsUrl, mailOnce, mailReceipt, recordCharge, settleCharge, scheduleCharge, start };
}
export type BillingCore = ReturnType<typeof createBillingCore>;
