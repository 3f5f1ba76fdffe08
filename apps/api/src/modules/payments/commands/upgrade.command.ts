import {
  NEED_APPROVE_MESSAGE,
  type ChangePlanBody,
  type PaymentProvider,
  type PurchaseResponse,
  type UpgradePreviewQuery,
  type UpgradePreviewResponse,
} from "@serene/contracts";
import {
  addBillingMonths,
  canUpgradeToAnnual,
  formatMoney,
  lifecycleFromJson,
  receiptItem,
  toUtcSecond,
  upgradePricedAt,
  upgradeProration,
  type UpgradeProration,
} from "@serene/domain";
import { conflict, declined, invalidField, notFound } from "../../../domain-errors.ts";
import type { PackageRow } from "../../plans/plans.repository.ts";
import type { SubscriptionRow } from "../../subscriptions/subscriptions.repository.ts";
import type { PurchaseRow } from "../payments.repository.ts";
import type { WalletItem, WalletProcessor } from "../processors/ports.ts";
import { moneyOf, type BillingCore } from "./billing-core.ts";
import type { CheckoutSteps } from "./checkout.ts";
import { paymentsDown, success, type Answer, type PurchaseContext } from "./context.ts";
import type { Once } from "./idempotency.ts";

const CANNOT_UPGRADE_MESSAGE = "This subscription cannot be upgraded to annual.";

/**
 * The upgrade to annual as billing does it: what it costs at a moment (packages/domain
 * upgradeProration), and the new annual period it starts once paid.
 */
export function createSubscriptionUpgrade(core: BillingCore) {
  const { deps } = core;
  return {
    /**
     * What the upgrade of this subscription to `pkg` costs at `at` (packages/domain upgradeProration):
     * the annual price less the unused part of what was paid for the current period, in its currency.
     */
    async upgradeQuote(row: SubscriptionRow, pkg: PackageRow, at: Date): Promise<UpgradeProration> {
      const facts = lifecycleFromJson(row.lifecycle)?.facts;
      const period = facts?.period ?? null;
      const first = Boolean(facts && !facts.startedWithTrial && period && period.start.getTime() === facts.startedAt.getTime());
      const paidCents =
        period && !period.trial ? await deps.repository.paidForPeriod(row.id, { start: period.start, first }, pkg.currency) : 0;
      return upgradeProration({ period, paidCents, priceCents: pkg.amountCents, at });
    },

    /** The paid upgrade to annual: a new annual period from now. */
    async upgraded(row: SubscriptionRow, pkg: PackageRow, purchaseId: string) {
      const now = deps.now();
      const periodEnd = addBillingMonths(now, 12);
      const state = await core.apply(row.id, [
        { type: "upgraded", id: `upgrade:${purchaseId}`, at: now, plan: "annual", periodStart: now, periodEnd },
      ]);
      await deps.subscriptions.withLock(row.id, async () => ({
        values: { packageId: pkg.id, amountCents: pkg.amountCents, currency: pkg.currency },
        result: null,
      }));
      if (state?.currentPeriodEnd) await core.scheduleCharge(row.id, state.currentPeriodEnd);
      return state;
    },

    canUpgrade: (row: SubscriptionRow) => canUpgradeToAnnual(lifecycleFromJson(row.lifecycle), deps.now()),
  };
}

/**
 * The member's upgrade to annual: previewed first (GET /{provider}/subscription/preview), then
 * charged as previewed (PUT /{provider}/subscription) once per Idempotency-Key: by card at once (or
 * after the bank's approval: see the approve command), by a wallet that bills when asked likewise,
 * by PayPal through its own plan change.
 */
export function createUpgradeCommand(ctx: PurchaseContext, steps: CheckoutSteps, once: Once) {
  const { repository, billing } = ctx;

  /** The member's subscription of this provider and the annual package it may be upgraded to (else 404 or 422). */
  async function upgradable(userId: string, provider: PaymentProvider, packageId: number) {
    const running = await ctx.current(userId);
    if (!running || running.provider !== provider) throw notFound("You have no subscription to change here.");
    const { pkg } = await steps.packageFor(packageId, provider, {});
    if (pkg.isLifetime || pkg.months !== 12) throw invalidField("package_id", "Only the upgrade to the annual plan is available.");
    if (running.currency && running.currency !== pkg.currency)
      throw invalidField("package_id", `Please choose the annual plan in ${running.currency}, the currency of your current plan.`);
    return { running, pkg };
  }

  /**
   * The upgrade of a wallet subscription whose wallet bills an amount when asked (the sandbox): what
   * is due today is taken from the agreement, the agreement moves to the annual plan, and the charge is
   * recorded with its credit and receipted as a card upgrade is.
   */
  async function walletUpgrade(
    wallet: WalletProcessor,
    purchase: PurchaseRow,
    running: SubscriptionRow,
    pkg: PackageRow,
    item: WalletItem,
    quote: UpgradeProration,
  ): Promise<Answer> {
    const agreement = running.providerSubscriptionId!;
    const money = { amountCents: quote.dueCents, currency: pkg.currency };
    const result =
      money.amountCents > 0 ? await wallet.bill!({ subscriptionId: agreement, money, idempotencyKey: `purchase:${purchase.id}` }) : null;
    const payment = await billing.recordCharge({
      userId: purchase.userId,
      purchaseId: purchase.id,
      provider: "paypal",
      providerPaymentId: result?.paymentId ?? null,
      idempotencyKey: `purchase:${purchase.id}`,
      amountCents: money.amountCents,
      creditCents: quote.creditCents,
      currency: money.currency,
      status: result === null || result.status === "succeeded" ? "succeeded" : "failed",
      failureMessage: result?.status === "declined" ? result.message : null,
    });
    if (result && result.status !== "succeeded")
      throw declined(result.status === "declined" ? result.message : "The payment was not approved.");
    await wallet.changePlan({
      subscriptionId: agreement,
      item,
      returnUrl: `${ctx.appUrl}/settings/subscription`,
      cancelUrl: `${ctx.appUrl}/settings/subscription`,
    });
    await billing.upgraded(running, pkg, purchase.id);
    await steps.receiptFor(payment.id, running);
    return success(await ctx.current(purchase.userId));
  }

  return {
    /**
     * GET /{provider}/subscription/preview: what the upgrade to annual costs today, before the member
     * confirms it. The figures are worked out at `quoted_at`; the upgrade sent back with that moment
     * is charged exactly them.
     */
    async upgradePreview(userId: string, provider: PaymentProvider, query: UpgradePreviewQuery): Promise<UpgradePreviewResponse> {
      const { running, pkg } = await upgradable(userId, provider, query.package_id);
      if (!billing.canUpgrade(running)) throw conflict(CANNOT_UPGRADE_MESSAGE);
      const at = new Date(Math.floor(ctx.now().getTime() / 1000) * 1000);
      const quote = await billing.upgradeQuote(running, pkg, at);
      const billedNow = provider === "stripe" || Boolean(ctx.wallet?.bill);
      const money = (cents: number) => formatMoney(pkg.currency, cents);
      return {
        package_id: pkg.id,
        plan: receiptItem(pkg),
        currency: pkg.currency,
        price_cents: quote.priceCents,
        price: money(quote.priceCents),
        credit_cents: billedNow ? quote.creditCents : 0,
        credit: billedNow && quote.creditCents > 0 ? money(quote.creditCents) : null,
        credit_until: billedNow && quote.creditUntil ? toUtcSecond(quote.creditUntil) : null,
        due_today_cents: billedNow ? quote.dueCents : null,
        due_today: billedNow ? money(quote.dueCents) : null,
        renews_at: toUtcSecond(addBillingMonths(at, 12)),
        quoted_at: toUtcSecond(at),
      };
    },

    /**
     * The upgrade to annual (PUT /{provider}/subscription): a new annual period starts now, and the
     * annual price less the credit for the unused part of the paid period is charged (packages/domain
     * upgradeProration), worked out at the preview's `quoted_at` when it is recent, else now
     * (packages/domain upgradePricedAt).
     */
    async changePlan(userId: string, provider: PaymentProvider, body: ChangePlanBody, key: string | undefined): Promise<PurchaseResponse> {
      const { pkg } = await upgradable(userId, provider, body.package_id);
      const answer = await once(userId, key, { kind: "upgrade", provider, packageId: pkg.id, checkoutId: null, body }, async (purchase) => {
        // Judged inside the claim: a retried upgrade that already went through answers its stored outcome,
        // and of two upgrades sent at once the second sees the first one's result.
        const running = await ctx.current(userId);
        if (!running || running.provider !== provider || !billing.canUpgrade(running)) throw conflict(CANNOT_UPGRADE_MESSAGE);
        // The subscription this upgrade is priced for: one the bank approves after it was replaced is refunded.
        await repository.updatePurchase(purchase.id, { subscriptionId: running.id });
        const quote = await billing.upgradeQuote(running, pkg, upgradePricedAt(body.quoted_at, ctx.now()));
        if (provider === "paypal") {
          const wallet = ctx.wallet;
          if (!wallet || !running.providerSubscriptionId) throw paymentsDown("Wallet");
          const item = { packageId: pkg.id, name: `${ctx.product} annual plan`, money: moneyOf(pkg), months: 12, trialDays: 0 };
          if (wallet.bill) return walletUpgrade(wallet, purchase, running, pkg, item, quote);
          // PayPal moves the agreement to the annual plan and bills it on its own schedule (decision 053).
          const { approvalUrl } = await wallet.changePlan({
            subscriptionId: running.providerSubscriptionId,
            item,
            returnUrl: `${ctx.appUrl}/thank-you?redirect=/settings/subscription`,
            cancelUrl: `${ctx.appUrl}/settings/subscription`,
          });
          if (approvalUrl) return { body: { message: NEED_APPROVE_MESSAGE, redirect_url: approvalUrl, subscription_type: null } };
          await billing.upgraded(running, pkg, purchase.id);
          return success(await ctx.current(userId));
        }
        const card = ctx.card;
        if (!card) throw paymentsDown("Card");
        if (!running.customerId || !running.paymentMethodId)
          throw conflict("No saved card to charge. Please subscribe with your card again.");
        return steps.chargeNow(card, purchase, pkg, running.customerId, running.paymentMethodId, running.paymentMethodLabel, quote);
      });
      return answer.body;
    },
  };
}
