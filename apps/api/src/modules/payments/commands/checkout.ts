import { NEED_APPROVE_MESSAGE, type PaymentProvider } from "@serene/contracts";
import {
  doublePurchaseRefusal,
  lifecycleFromJson,
  offerPackageIds,
  offerRefusal,
  personOfferClock,
  planFromMonths,
  type UpgradeProration,
} from "@serene/domain";
import { conflict, declined, invalidField } from "../../../domain-errors.ts";
import type { PackageRow } from "../../plans/plans.repository.ts";
import type { SubscriptionRow } from "../../subscriptions/subscriptions.repository.ts";
import type { PurchaseRow } from "../payments.repository.ts";
import type { CardProcessor } from "../processors/ports.ts";
import { moneyOf } from "./billing-core.ts";
import { LIFETIME_HELD_MESSAGE, success, type Answer, type PurchaseContext } from "./context.ts";

type Checkout = { checkout_id?: number | undefined; promo_checkout_id?: number | undefined };
/** The package a purchase asks for, the checkout it is bought through (null: none named) and that checkout's offer packages. */
export type Chosen = { pkg: PackageRow; checkoutId: number | null; offerPackageIds: number[] };

export const OFFER_PAGE_ONLY_MESSAGE = "This offer is only available from its offer page.";
/** "This offer ended at 14:05 UTC. …" (on an earlier day: "on 2026-03-01 at 14:05 UTC"). */
export function offerEndedMessage(endsAt: Date, now: Date): string {
  const iso = endsAt.toISOString();
  const day = iso.slice(0, 10) === now.toISOString().slice(0, 10) ? "" : ` on ${iso.slice(0, 10)}`;
  return `This offer ended${day} at ${iso.slice(11, 16)} UTC. The regular price applies now.`;
}
/** How long a completion waits for the member's purchase in flight: about 15 s in growing steps. */
const COMPLETION_WAITS = Array.from({ length: 80 }, (_, attempt) => Math.min(25 * 2 ** attempt, 200));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The steps the purchase, approve and upgrade commands share: choosing the package, the refusals a
 * purchase meets (an ended offer, a second subscription), the card customer, the card charge at the
 * checkout and the grant it leads to, and the member's completion lock.
 */
export function createCheckoutSteps(ctx: PurchaseContext) {
  const { repository, billing } = ctx;

  /**
   * The package asked for, sold by this provider and, when a checkout is named, part of it; with the
   * checkout it is sold through (an offer package needs one).
   */
  async function packageFor(packageId: number, provider: PaymentProvider, checkout: Checkout): Promise<Chosen> {
    const pkg = await ctx.plans.packageById(packageId);
    if (!pkg || !pkg.active || pkg.provider !== provider) throw invalidField("package_id", "The selected package id is invalid.");
    if (checkout.checkout_id !== undefined && checkout.promo_checkout_id !== undefined) {
      throw invalidField("checkout_id", "Send either the checkout id or the promo checkout id, not both.");
    }
    const checkoutId = checkout.checkout_id ?? checkout.promo_checkout_id;
    if (checkoutId !== undefined) {
      const field = checkout.checkout_id !== undefined ? "checkout_id" : "promo_checkout_id";
      const found = await ctx.plans.checkout(checkoutId);
      const type = field === "checkout_id" ? "checkout" : "promo";
      if (!found || found.checkout.type !== type) throw invalidField(field, `The selected ${field.replaceAll("_", " ")} is invalid.`);
      if (!found.packages.some((item) => item.id === pkg.id))
        throw invalidField("package_id", "The selected package id is not part of this checkout.");
      return { pkg, checkoutId, offerPackageIds: offerPackageIds(found.packages) };
    }
    return { pkg, checkoutId: null, offerPackageIds: [] };
  }

  /**
   * An offer package is sold only through a checkout that carries it and only while the buyer's offer
   * runs (docs/decisions/030-honest-offers.md): the buyer's one clock for that checkout's offer packages,
   * whichever checkout, route or lead of their address started it (051), the one their page counts down to.
   * Asked inside the purchase's claim, at the moment of the charge or the wallet's approval: a retry of a
   * purchase made in time replays its answer.
   */
  async function refuseEndedOffer(userId: string, { pkg, checkoutId, offerPackageIds }: Chosen) {
    if (!pkg.offerOnly) return;
    const clock = checkoutId === null ? null : personOfferClock(offerPackageIds, await ctx.plans.personClocks({ userId }));
    const at = ctx.now();
    const refusal = offerRefusal(pkg, checkoutId !== null, clock, at);
    if (refusal === "ended" && clock) throw invalidField("package_id", offerEndedMessage(clock.endsAt, at));
    if (refusal) throw invalidField("package_id", OFFER_PAGE_ONLY_MESSAGE);
  }

  /** Refuses a second recurring subscription while one runs (packages/domain doublePurchaseRefusal). */
  async function refuseDoublePurchase(userId: string, pkg: PackageRow) {
    const running = await ctx.current(userId);
    const refusal = doublePurchaseRefusal(
      running && { status: running.status, state: lifecycleFromJson(running.lifecycle) },
      pkg.isLifetime,
    );
    if (refusal) throw conflict(refusal === "lifetime_held" ? LIFETIME_HELD_MESSAGE : "You already have an active subscription.");
  }

  async function cardCustomer(card: CardProcessor, userId: string) {
    const existing = await repository.customerId(userId, card.adapter);
    const customerId = await card.ensureCustomer(await ctx.member(userId), existing);
    if (customerId !== existing) await repository.saveCustomer(userId, card.adapter, customerId);
    return customerId;
  }

  /**
   * A lifetime purchase, or a purchase completed after another one started meanwhile (approved at
   * the bank or at the wallet later), replaces the running subscription: it is not billed again.
   */
  async function replaceRunning(userId: string, pkg: PackageRow) {
    const running = await ctx.current(userId);
    if (running && running.status !== "lifetime" && billing.canCancel(running)) {
      await billing.cancel(running, pkg.isLifetime ? "Replaced by a lifetime purchase" : "Replaced by a newer purchase");
    }
  }

  /** Completes a card purchase whose charge succeeded (at once, after approval, or by webhook). */
  async function grantCard(
    purchase: PurchaseRow,
    paymentMethodId: string,
    customerId: string,
    pkg: PackageRow,
    paymentMethodLabel: string | null,
  ): Promise<SubscriptionRow | null> {
    if (purchase.kind === "upgrade") {
      // The subscription the upgrade was priced for (the approve command refunds one approved after it was replaced).
      const running = await ctx.current(purchase.userId);
      if (running && (purchase.subscriptionId === null || running.id === purchase.subscriptionId))
        await billing.upgraded(running, pkg, purchase.id);
      return ctx.current(purchase.userId);
    }
    await replaceRunning(purchase.userId, pkg);
    const subscription = await billing.start({
      userId: purchase.userId,
      provider: "stripe",
      pkg,
      trial: false,
      purchaseId: purchase.id,
      customerId,
      paymentMethodId,
      paymentMethodLabel,
    });
    await repository.updatePurchase(purchase.id, { subscriptionId: subscription.id });
    return subscription;
  }

  /** A charge taken at the checkout belongs to the subscription it paid for; its receipt goes out once. */
  const receiptFor = (paymentId: string, subscription: SubscriptionRow | null) => billing.settleCharge(paymentId, subscription?.id ?? null);

  /**
   * Charges the card for a purchase while the member is at the checkout: the package's price, or for
   * the upgrade what is due today with the credit it carries (`upgrade`).
   */
  async function chargeNow(
    card: CardProcessor,
    purchase: PurchaseRow,
    pkg: PackageRow,
    customerId: string,
    paymentMethodId: string,
    paymentMethodLabel: string | null,
    upgrade?: UpgradeProration,
  ): Promise<Answer> {
    const money = upgrade ? { amountCents: upgrade.dueCents, currency: pkg.currency } : moneyOf(pkg);
    const creditCents = upgrade?.creditCents ?? 0;
    if (money.amountCents === 0) {
      // The credit covers the whole price: nothing to take from the card, the receipt still says why.
      const payment = await billing.recordCharge({
        userId: purchase.userId,
        purchaseId: purchase.id,
        provider: "stripe",
        idempotencyKey: `purchase:${purchase.id}`,
        amountCents: 0,
        creditCents,
        currency: money.currency,
        status: "succeeded",
      });
      const subscription = await grantCard(purchase, paymentMethodId, customerId, pkg, paymentMethodLabel);
      await receiptFor(payment.id, subscription);
      return success(subscription);
    }
    const result = await card.charge({
      customerId,
      paymentMethodId,
      money,
      description: `${ctx.product} ${pkg.isLifetime ? "Lifetime" : (planFromMonths(pkg.months) ?? "plan")}`,
      idempotencyKey: `purchase:${purchase.id}`,
      onSession: true,
      returnUrl: `${ctx.appUrl}/api/v1/stripe/return/${purchase.id}`,
      metadata: { purchase_id: purchase.id, member_id: purchase.userId, package_id: String(pkg.id) },
    });
    const payment = await billing.recordCharge({
      userId: purchase.userId,
      purchaseId: purchase.id,
      provider: "stripe",
      providerPaymentId: result.paymentId,
      idempotencyKey: `purchase:${purchase.id}`,
      amountCents: money.amountCents,
      creditCents,
      currency: money.currency,
      status: result.status === "succeeded" ? "succeeded" : result.status === "requires_action" ? "requires_action" : "failed",
      failureMessage: result.status === "declined" ? result.message : null,
    });
    if (result.status === "declined") throw declined(result.message);
    if (result.status === "requires_action") {
      await repository.updatePurchase(purchase.id, { providerReference: result.paymentId });
      // The card to bill later is kept with the stored answer, which is written when this call ends.
      return {
        body: { message: NEED_APPROVE_MESSAGE, redirect_url: result.approvalUrl, subscription_type: null },
        saved: {
          payment_method: paymentMethodId,
          customer: customerId,
          ...(paymentMethodLabel ? { payment_method_label: paymentMethodLabel } : {}),
        },
      };
    }
    const subscription = await grantCard(purchase, paymentMethodId, customerId, pkg, paymentMethodLabel);
    await receiptFor(payment.id, subscription);
    return success(subscription);
  }

  /**
   * The purchase once no other call (the return page, a webhook, the checkout itself) is working
   * on it: polled for a few seconds; null when it is still busy then.
   */
  async function afterProcessing(purchaseId: string): Promise<PurchaseRow | null> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const row = await repository.purchase(purchaseId);
      if (row?.status !== "processing") return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }

  /**
   * Takes the member's completion lock for this purchase (repository.claimProcessing): while
   * another purchase of the member is being completed, waits for it to end, about 15 s at most.
   * Answers the row, null when another call moved this purchase first, or `busy` when the wait ran out.
   */
  async function claimCompletion(purchaseId: string, from: string[]): Promise<PurchaseRow | "busy" | null> {
    for (const wait of [...COMPLETION_WAITS, null]) {
      const claimed = await repository.claimProcessing(purchaseId, from);
      if (claimed !== "busy" || wait === null) return claimed;
      await sleep(wait);
    }
    return "busy";
  }

  return {
    packageFor,
    refuseEndedOffer,
    refuseDoublePurchase,
    cardCustomer,
    replaceRunning,
    grantCard,
    receiptFor,
    chargeNow,
    afterProcessing,
    claimCompletion,
  };
}
export type CheckoutSteps = ReturnType<typeof createCheckoutSteps>;
