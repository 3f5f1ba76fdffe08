import {
  addBillingMonths,
  applyEvents,
  billingPeriodEnd,
  canCancel,
  canUpgradeToAnnual,
  currencySymbol,
  DAY_MS,
  formatAmount,
  formatMoney,
  lifecycleFromJson,
  longDate,
  PAYMENT_RETRY_DAYS,
  lifecycleToJson,
  nextBillingPeriod,
  periodPaidAt,
  planFromMonths,
  planLabel,
  receiptItem,
  receiptReference,
  resumeRefusal,
  trialSchedule,
  upgradeProration,
  type LifecycleEvent,
  type LifecycleState,
  type UpgradeProration,
} from "@serene/domain";
import type { FastifyBaseLogger } from "fastify";
import { conflict } from "../../domain-errors";
import type { JobQueue } from "../../jobs/queue";
import type { Mailer } from "../mail/mailer";
import { emails, type Brand, type Email } from "../mail/templates";
import type { PackageRow } from "../plans/plans.repository";
import type { SubscriptionRow, SubscriptionsRepository } from "../subscriptions/subscriptions.repository";
import type { NewPayment, PaymentRow, PaymentsRepository } from "./payments.repository";
import type { CardProcessor, ChargeResult, Money, ProviderEvent, WalletProcessor } from "./processors/ports";

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
}

/** Where a subscription stands, written onto its row from its lifecycle state. */
const rowValues = (state: LifecycleState) => ({
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
 * The billed subscriptions: created by purchases, moved only by lifecycle events (packages/domain
 * subscription-lifecycle), charged on schedule through the job queue, and told about provider
 * webhooks. Every change runs under the subscription row's lock; every charge has an idempotency
 * key derived from the period it pays for, so nothing is charged twice.
 */
export function createBillingService(deps: BillingDeps) {
  const { repository, subscriptions } = deps;

  async function schedule(name: string, data: object, startAfter: Date, singletonKey: string) {
    if (!deps.jobs) return;
    await deps.jobs.send(name, data, { startAfter, singletonKey, retryLimit: 5, retryBackoff: true });
  }

  /**
   * Applies events to a subscription under its lock; answers the state before and after them
   * (the same state when nothing changed).
   */
  async function change(subscriptionId: string, events: LifecycleEvent[], webhook?: { provider: string; eventId: string; kind: string }) {
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
  async function apply(subscriptionId: string, events: LifecycleEvent[], webhook?: { provider: string; eventId: string; kind: string }) {
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

  /** The cancellation e-mail, when this change is the one that stopped billing. */
  async function mailCancelled(row: SubscriptionRow, before: LifecycleState | null, after: LifecycleState | null) {
    if (!after || !after.cancelAtPeriodEnd || before?.cancelAtPeriodEnd || !after.currentPeriodEnd || !after.facts.lastCancelAt) return;
    const resumable = resumeRefusal(after, row.provider, deps.now()) === null;
    await mailOnce(row.userId, `cancelled:${row.id}:${after.facts.lastCancelAt.toISOString()}`, (name) =>
      emails.cancellationConfirmed(deps.brand, name, { accessUntil: longDate(after.currentPeriodEnd!), resumable }, settingsUrl()),
    );
  }

  /** The failed-renewal e-mail: once per period that could not be charged, however many attempts and notices. */
  async function mailRenewalFailed(row: SubscriptionRow, periodStart: Date, attempt: number) {
    const wallet = row.provider === "paypal";
    const lastAttempt = new Date(periodStart.getTime() + deps.retryAttempts * DAY_MS);
    const graceEnd = new Date(periodStart.getTime() + PAYMENT_RETRY_DAYS * DAY_MS);
    const lastDay = wallet || graceEnd < lastAttempt ? graceEnd : lastAttempt;
    const next = attempt < deps.retryAttempts ? new Date(periodStart.getTime() + (attempt + 1) * DAY_MS) : null;
    const pkg = row.packageId === null ? null : await repository.packageOf(row.packageId);
    await mailOnce(row.userId, `renewal-failed:${row.id}:${periodStart.toISOString()}`, (name) =>
      emails.renewalFailed(
        deps.brand,
        name,
        {
          amount: formatMoney(row.currency ?? "USD", row.amountCents ?? 0),
          plan: receiptItem(pkg),
          nextAttempt: next ? longDate(next) : null,
          lastDay: longDate(lastDay),
          wallet,
        },
        settingsUrl(),
      ),
    );
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
    const payment = await repository.recordPayment(input);
    if (payment.status === "succeeded" && payment.subscriptionId) await mailReceipt(payment.id);
    return payment;
  }

  /** A charge that succeeded belongs to the subscription it paid for; its receipt goes out once. */
  async function settleCharge(paymentId: string, subscriptionId: string | null) {
    if (subscriptionId) await repository.updatePayment(paymentId, { subscriptionId });
    await mailReceipt(paymentId);
  }

  async function scheduleCharge(subscriptionId: string, periodStart: Date, attempt = 0) {
    const at = new Date(periodStart.getTime() + attempt * DAY_MS);
    await schedule(
      CHARGE_DUE_JOB,
      { subscriptionId, periodStart: periodStart.toISOString(), attempt },
      at,
      `${subscriptionId}:${periodStart.toISOString()}:${attempt}`,
    );
  }

  return {
    apply,

    /**
     * A new subscription after a successful checkout: a trial, a first paid period, or lifetime.
     * Schedules the trial reminder and the next charge.
     */
    async start(input: {
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
    },

    /**
     * A cancellation: billing stops, access lasts until the period ends. `notify` e-mails the
     * member (their own cancellation); a subscription replaced by a newer purchase is not announced.
     */
    async cancel(row: SubscriptionRow, reason: string, options: { notify?: boolean } = {}) {
      if (row.provider === "paypal" && row.providerSubscriptionId && deps.wallet) {
        await deps.wallet.cancelSubscription(row.providerSubscriptionId, reason);
      }
      const changed = await change(row.id, [
        { type: "cancel_requested", id: `cancel:${row.id}:${deps.now().toISOString()}`, at: deps.now() },
      ]);
      if (options.notify && changed) await mailCancelled(row, changed.before, changed.after);
      return changed?.after ?? null;
    },

    /**
     * The member takes a cancellation back while the period runs (packages/domain resumeRefusal):
     * billing goes on, and the next charge is queued again for the end of the period.
     */
    async resume(row: SubscriptionRow): Promise<LifecycleState> {
      const at = deps.now();
      const result = await subscriptions.withLock<{ refusal: string | null; state: LifecycleState | null }>(row.id, async (locked) => {
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
      if (next) await scheduleCharge(row.id, next.periodStart);
      return result.state;
    },

    canResume: (row: SubscriptionRow) => resumeRefusal(lifecycleFromJson(row.lifecycle), row.provider, deps.now()) === null,

    /** Sends the receipt for a succeeded payment (once per payment); false when there is nothing to send. */
    mailReceipt,
    recordCharge,
    settleCharge,

    /**
     * What the upgrade of this subscription to `pkg` costs at `at` (packages/domain upgradeProration):
     * the annual price less the unused part of what was paid for the current period, in its currency.
     */
    async upgradeQuote(row: SubscriptionRow, pkg: PackageRow, at: Date): Promise<UpgradeProration> {
      const facts = lifecycleFromJson(row.lifecycle)?.facts;
      const period = facts?.period ?? null;
      const first = Boolean(facts && !facts.startedWithTrial && period && period.start.getTime() === facts.startedAt.getTime());
      const paidCents = period && !period.trial ? await repository.paidForPeriod(row.id, { start: period.start, first }, pkg.currency) : 0;
      return upgradeProration({ period, paidCents, priceCents: pkg.amountCents, at });
    },

    /** The paid upgrade to annual: a new annual period from now. */
    async upgraded(row: SubscriptionRow, pkg: PackageRow, purchaseId: string) {
      const now = deps.now();
      const periodEnd = addBillingMonths(now, 12);
      const state = await apply(row.id, [
        { type: "upgraded", id: `upgrade:${purchaseId}`, at: now, plan: "annual", periodStart: now, periodEnd },
      ]);
      await subscriptions.withLock(row.id, async () => ({
        values: { packageId: pkg.id, amountCents: pkg.amountCents, currency: pkg.currency },
        result: null,
      }));
      if (state?.currentPeriodEnd) await scheduleCharge(row.id, state.currentPeriodEnd);
      return state;
    },

    canCancel: (row: SubscriptionRow) => canCancel(lifecycleFromJson(row.lifecycle), deps.now()),
    canUpgrade: (row: SubscriptionRow) => canUpgradeToAnnual(lifecycleFromJson(row.lifecycle), deps.now()),

    /** Day 5 of the trial: the reminder e-mail, unless the trial was cancelled or is over. */
    async sendTrialReminder(subscriptionId: string): Promise<{ sent: boolean }> {
      const row = await subscriptions.byId(subscriptionId);
      const state = lifecycleFromJson(row?.lifecycle);
      if (!row || !state || state.status !== "trialing" || state.cancelAtPeriodEnd) return { sent: false };
      const member = await repository.member(row.userId);
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
     * A failed charge is retried `retryAttempts` times a day apart, then access ends.
     */
    async chargeDue(subscriptionId: string, periodStart: Date, attempt = 0): Promise<{ outcome: string }> {
      const row = await subscriptions.byId(subscriptionId);
      const state = lifecycleFromJson(row?.lifecycle);
      const next = nextBillingPeriod(state);
      if (!row || !state || !next || next.periodStart.getTime() !== periodStart.getTime()) return { outcome: "not due" };
      // Never ahead of time (a clock a minute apart between servers is fine).
      if (deps.now().getTime() < periodStart.getTime() + attempt * DAY_MS - 60_000) return { outcome: "not yet due" };
      const money: Money = { amountCents: row.amountCents ?? 0, currency: row.currency ?? "USD" };
      const key = `renewal:${row.id}:${periodStart.toISOString()}`;
      const now = deps.now();
      let result: ChargeResult | null;
      if (row.provider === "stripe") {
        if (!deps.card || !row.customerId || !row.paymentMethodId) return { outcome: "no card" };
        result = await deps.card.charge({
          customerId: row.customerId,
          paymentMethodId: row.paymentMethodId,
          money,
          description: `${deps.brand.product} ${planLabel(state)} renewal`,
          idempotencyKey: attempt === 0 ? key : `${key}:${attempt}`,
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
        (await recordCharge({
          userId: row.userId,
          subscriptionId: row.id,
          provider: row.provider,
          providerPaymentId: result.paymentId,
          idempotencyKey: attempt === 0 ? key : `${key}:${attempt}`,
          amountCents: money.amountCents,
          currency: money.currency,
          status: result.status === "succeeded" ? "succeeded" : "failed",
          periodStart: next.periodStart,
          periodEnd: next.periodEnd,
          failureMessage:
            result.status === "declined" ? result.message : result.status === "requires_action" ? "The bank asked for an approval." : null,
        }));
      if (result?.status === "succeeded") {
        const after = await apply(row.id, [{ type: "charged", id: key, at: now, ...next }]);
        if (after?.currentPeriodEnd) await scheduleCharge(row.id, after.currentPeriodEnd);
        return { outcome: "charged" };
      }
      if (result === null) {
        // Waiting for the wallet's own charge: past due at the end of the period if it does not come.
        if (attempt === 0) await scheduleCharge(row.id, periodStart, 1);
        else await apply(row.id, [{ type: "period_ended", id: `ended:${row.id}:${periodStart.toISOString()}`, at: now }]);
        return { outcome: attempt === 0 ? "awaiting wallet" : "past due" };
      }
      await apply(row.id, [{ type: "charge_failed", id: `failed:${payment?.idempotencyKey ?? key}`, at: now }]);
      await mailRenewalFailed(row, periodStart, attempt);
      if (attempt < deps.retryAttempts) {
        await scheduleCharge(row.id, periodStart, attempt + 1);
        return { outcome: "retry scheduled" };
      }
      await apply(row.id, [{ type: "retries_exhausted", id: `exhausted:${row.id}:${periodStart.toISOString()}`, at: now }]);
      return { outcome: "ended" };
    },

    /** The hourly safety net: any billed subscription whose period ended gets its charge job again. */
    async sweep(): Promise<{ queued: number }> {
      const overdue = await subscriptions.overdue(deps.now());
      for (const { id } of overdue) {
        const row = await subscriptions.byId(id);
        const next = nextBillingPeriod(lifecycleFromJson(row?.lifecycle));
        if (next) await scheduleCharge(id, next.periodStart);
      }
      return { queued: overdue.length };
    },

    /**
     * A wallet webhook about one of our subscriptions. Answers false for an unknown subscription,
     * so the provider delivers it again later (it may arrive before the member is back with us).
     */
    async walletEvent(event: ProviderEvent): Promise<boolean> {
      if (event.kind === "ignored" || event.kind === "payment_succeeded" || event.kind === "payment_failed") return true;
      const row = await subscriptions.byProviderId("paypal", event.subscriptionId);
      if (!row) return false;
      const state = lifecycleFromJson(row.lifecycle);
      const webhook = { provider: "paypal", eventId: event.eventId, kind: event.kind };
      const events: LifecycleEvent[] = [];
      if (event.kind === "subscription_charged" && state && state.plan !== "lifetime") {
        const { periodStart: start, periodEnd: end } = periodPaidAt(state.facts, event.at)!;
        events.push({ type: "charged", id: event.eventId, at: event.at, periodStart: start, periodEnd: end });
        await recordCharge({
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
      const changed = await change(row.id, events, webhook);
      if (event.kind === "subscription_charge_failed" && state) {
        const period = periodPaidAt(state.facts, event.at);
        if (period) await mailRenewalFailed(row, period.periodStart, deps.retryAttempts);
      }
      if (event.kind === "subscription_canceled" && changed) await mailCancelled(row, changed.before, changed.after);
      return true;
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
