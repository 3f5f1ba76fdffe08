import { createHash } from "node:crypto";
import {
  CANCELED_MESSAGE,
  NEED_APPROVE_MESSAGE,
  SUBSCRIBED_MESSAGE,
  type ChangePlanBody,
  type PaymentProvider,
  type PurchaseResponse,
  type SavePaymentMethodBody,
  type SetupIntentResponse,
  type UpgradePreviewQuery,
  type UpgradePreviewResponse,
  type WalletCheckoutQuery,
  type WalletCheckoutResponse,
  type WalletReturnBody,
} from "@serene/contracts";
import {
  addBillingMonths,
  formatMoney,
  lifecycleFromJson,
  offerPackageIds,
  offerRefusal,
  personOfferClock,
  planFromMonths,
  planLabel,
  receiptItem,
  toUtcSecond,
  type UpgradeProration,
} from "@serene/domain";
import { conflict, declined, DomainError, invalidField, notFound, unavailable, unauthenticated, unreadable } from "../../domain-errors";
// An Idempotency-Key replays the stored answer, status included: the one place a service meets statuses.
import { domainErrorOf, statusOf } from "../../plugins/errors";
import type { PackageRow, PlansRepository } from "../plans/plans.repository";
import { moneyOf, type BillingService } from "./billing.service";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service";
import type { SubscriptionRow } from "../subscriptions/subscriptions.repository";
import type { PaymentsRepository, PurchaseRow } from "./payments.repository";
import {
  InvalidWebhookError,
  type CardProcessor,
  type Member,
  type ProviderEvent,
  type WalletItem,
  type WalletProcessor,
} from "./processors/ports";

export interface PurchasesDeps {
  repository: PaymentsRepository;
  /** Whose subscription runs now, and which the member had before (the entitlement owner). */
  subscriptions: Pick<SubscriptionsService, "current" | "history" | "byId">;
  plans: Pick<PlansRepository, "packageById" | "checkout" | "personClocks">;
  billing: BillingService;
  card: CardProcessor | null;
  wallet: WalletProcessor | null;
  appUrl: string;
  product: string;
  now: () => Date;
}

/**
 * A purchase call's answer; `purchaseStatus` says where the purchase stands when it is not simply
 * done; `saved` is kept with the answer for finishing the purchase later (never sent).
 */
type Answer = { body: PurchaseResponse; purchaseStatus?: "awaiting_wallet"; saved?: Record<string, string> };
type Checkout = { checkout_id?: number | undefined; promo_checkout_id?: number | undefined };
/** The package a purchase asks for, the checkout it is bought through (null: none named) and that checkout's offer packages. */
type Chosen = { pkg: PackageRow; checkoutId: number | null; offerPackageIds: number[] };

const fingerprint = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("base64url");
const success = (subscription: SubscriptionRow | null, redirect: string | null = null): Answer => ({
  body: { message: SUBSCRIBED_MESSAGE, redirect_url: redirect, subscription_type: subscription ? subscription.planType : null },
});
/** How the wallet names what it sells: "Serene Yearly plan", "Serene 3-month plan", "Serene Lifetime". */
const planName = (product: string, pkg: PackageRow) =>
  `${product} ${pkg.isLifetime ? "Lifetime" : pkg.months === 12 ? "Yearly plan" : pkg.months === 1 ? "Monthly plan" : `${pkg.months}-month plan`}`;
const LIFETIME_HELD_MESSAGE = "You already have lifetime access.";
const CANNOT_UPGRADE_MESSAGE = "This subscription cannot be upgraded to annual.";
/** How long an upgrade's preview holds its figures: sent back within it, the upgrade is charged exactly them. */
const QUOTE_VALID_MS = 30 * 60_000;
export const RESUMED_MESSAGE = "Your subscription is running again.";
export const OFFER_PAGE_ONLY_MESSAGE = "This offer is only available from its offer page.";
/** "This offer ended at 14:05 UTC. …" (on an earlier day: "on 2026-03-01 at 14:05 UTC"). */
export function offerEndedMessage(endsAt: Date, now: Date): string {
  const iso = endsAt.toISOString();
  const day = iso.slice(0, 10) === now.toISOString().slice(0, 10) ? "" : ` on ${iso.slice(0, 10)}`;
  return `This offer ended${day} at ${iso.slice(11, 16)} UTC. The regular price applies now.`;
}
const LIFETIME_REFUNDED_MESSAGE = "You already have lifetime access. The charge was refunded.";
const UPGRADE_REFUNDED_MESSAGE = "Your plan changed before the bank approved this upgrade. The charge was refunded.";
const paymentsDown = (what: string) => unavailable(`${what} payments are not available right now.`);
const BUSY_MESSAGE = "Another purchase is being processed. Please wait a moment.";
/** A wallet checkout that will not complete: the member cancelled it, or the reconciliation voided it. */
const WALLET_CANCELED = new Set(["canceled", "voiding", "voided"]);
/** How long a completion waits for the member's purchase in flight: about 15 s in growing steps. */
const COMPLETION_WAITS = Array.from({ length: 80 }, (_, attempt) => Math.min(25 * 2 ** attempt, 200));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Purchases: the card checkout (setup intent → confirmed card → saved payment method → trial or
 * charge), the wallet checkout (approval at the wallet → return → subscription), plan changes
 * and cancellation. Each purchase call is claimed once per Idempotency-Key and member, one at a
 * time per member, and its answer is stored and replayed for a retry of the same call.
 */
export function createPurchasesService(deps: PurchasesDeps) {
  const { repository, billing } = deps;

  async function member(userId: string): Promise<Member> {
    const found = await repository.member(userId);
    if (!found) throw unauthenticated();
    return found;
  }

  const current = (userId: string) => deps.subscriptions.current(userId);

  /**
   * The package asked for, sold by this provider and, when a checkout is named, part of it; with the
   * checkout it is sold through (an offer package needs one).
   */
  async function packageFor(packageId: number, provider: PaymentProvider, checkout: Checkout): Promise<Chosen> {
    const pkg = await deps.plans.packageById(packageId);
    if (!pkg || !pkg.active || pkg.provider !== provider) throw invalidField("package_id", "The selected package id is invalid.");
    if (checkout.checkout_id !== undefined && checkout.promo_checkout_id !== undefined) {
      throw invalidField("checkout_id", "Send either the checkout id or the promo checkout id, not both.");
    }
    const checkoutId = checkout.checkout_id ?? checkout.promo_checkout_id;
    if (checkoutId !== undefined) {
      const field = checkout.checkout_id !== undefined ? "checkout_id" : "promo_checkout_id";
      const found = await deps.plans.checkout(checkoutId);
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
    const clock = checkoutId === null ? null : personOfferClock(offerPackageIds, await deps.plans.personClocks({ userId }));
    const at = deps.now();
    const refusal = offerRefusal(pkg, checkoutId !== null, clock, at);
    if (refusal === "ended" && clock) throw invalidField("package_id", offerEndedMessage(clock.endsAt, at));
    if (refusal) throw invalidField("package_id", OFFER_PAGE_ONLY_MESSAGE);
  }

  /** Refuses a second recurring subscription while one runs (a lifetime purchase is always welcome). */
  async function refuseDoublePurchase(userId: string, pkg: PackageRow) {
    const running = await current(userId);
    if (!running) return;
    const state = lifecycleFromJson(running.lifecycle);
    if (running.status === "lifetime" || (!pkg.isLifetime && state?.status !== "canceled")) {
      throw conflict(running.status === "lifetime" ? LIFETIME_HELD_MESSAGE : "You already have an active subscription.");
    }
  }

  /**
   * Runs a purchase once per Idempotency-Key: the same key with the same request answers the
   * stored outcome; with another request it is refused; while one purchase of the member is
   * being processed, another is refused with 409 rather than charged in parallel.
   */
  async function once(
    userId: string,
    key: string | undefined,
    request: { kind: string; provider: PaymentProvider; packageId: number; checkoutId: number | null; body: unknown },
    run: (purchase: PurchaseRow) => Promise<Answer>,
  ): Promise<Answer> {
    const print = fingerprint({ kind: request.kind, provider: request.provider, body: request.body });
    const claim = await repository.claimPurchase({
      userId,
      idempotencyKey: key ?? null,
      fingerprint: print,
      kind: request.kind,
      provider: request.provider,
      packageId: request.packageId,
      checkoutId: request.checkoutId,
      status: "processing",
    });
    if ("busy" in claim) throw conflict(BUSY_MESSAGE);
    if ("existing" in claim) {
      if (claim.existing.fingerprint !== print)
        throw invalidField("idempotency_key", "This Idempotency-Key was already used for another request.");
      if (claim.existing.response && claim.existing.responseStatus) {
        const stored = claim.existing.response as { message: string; errors?: Record<string, string[]> };
        if (claim.existing.responseStatus >= 400) throw domainErrorOf(claim.existing.responseStatus, stored.message, stored.errors);
        const { message, redirect_url, subscription_type } = claim.existing.response as unknown as PurchaseResponse;
        return { body: { message, redirect_url, subscription_type } };
      }
      throw conflict("This purchase is already being processed.");
    }
    const purchase = claim.claimed;
    try {
      const answer = await run(purchase);
      const status = answer.purchaseStatus ?? (answer.body.message === NEED_APPROVE_MESSAGE ? "requires_approval" : "succeeded");
      await repository.transitionPurchase(purchase.id, ["processing"], {
        status,
        responseStatus: 200,
        response: { ...answer.saved, ...answer.body },
      });
      return answer;
    } catch (error) {
      if (error instanceof DomainError && error.kind !== "unavailable") {
        const response = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
        await repository.transitionPurchase(purchase.id, ["processing"], { status: "failed", responseStatus: statusOf(error), response });
      } else {
        // Not answered: the same key may try again (the processor's own idempotency keeps it to one charge).
        await repository.transitionPurchase(purchase.id, ["processing"], { status: "failed" });
      }
      throw error;
    }
  }

  async function cardCustomer(card: CardProcessor, userId: string) {
    const existing = await repository.customerId(userId, card.adapter);
    const customerId = await card.ensureCustomer(await member(userId), existing);
    if (customerId !== existing) await repository.saveCustomer(userId, card.adapter, customerId);
    return customerId;
  }

  /**
   * A lifetime purchase, or a purchase completed after another one started meanwhile (approved at
   * the bank or at the wallet later), replaces the running subscription: it is not billed again.
   */
  async function replaceRunning(userId: string, pkg: PackageRow) {
    const running = await current(userId);
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
      // The subscription the upgrade was priced for (settleApproval refunds one approved after it was replaced).
      const running = await current(purchase.userId);
      if (running && (purchase.subscriptionId === null || running.id === purchase.subscriptionId))
        await billing.upgraded(running, pkg, purchase.id);
      return current(purchase.userId);
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
      description: `${deps.product} ${pkg.isLifetime ? "Lifetime" : (planFromMonths(pkg.months) ?? "plan")}`,
      idempotencyKey: `purchase:${purchase.id}`,
      onSession: true,
      returnUrl: `${deps.appUrl}/api/v1/stripe/return/${purchase.id}`,
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
  const approvalOutcome = (row: PurchaseRow | null): "granted" | "declined" | "waiting" =>
    !row
      ? "waiting"
      : row.status === "succeeded" || (row.status === "refunded" && row.kind !== "upgrade")
        ? "granted"
        : row.status === "requires_approval"
          ? "waiting"
          : "declined";

  /** Finishes a card purchase that waited for the bank's approval; answers where the browser goes. */
  async function settleApproval(found: PurchaseRow): Promise<"granted" | "declined" | "waiting"> {
    const purchase = found.status === "processing" ? await afterProcessing(found.id) : found;
    if (!deps.card || !purchase?.providerReference || purchase.status !== "requires_approval") return approvalOutcome(purchase);
    const result = await deps.card.paymentStatus(purchase.providerReference);
    if (result.status === "requires_action") return "waiting";
    const payment = await repository.paymentByProviderId("stripe", purchase.providerReference);
    const stored = purchase.response as { payment_method?: string; customer?: string; payment_method_label?: string } | null;
    if (result.status === "declined") {
      if (payment) await repository.updatePayment(payment.id, { status: "failed", failureMessage: result.message });
      await repository.transitionPurchase(purchase.id, ["requires_approval"], {
        status: "failed",
        responseStatus: 402,
        response: { message: result.message },
      });
      return "declined";
    }
    // Only the call that moves the purchase on grants access, however many returns and webhooks arrive,
    // and only once no other purchase of the member is being completed.
    const moved = await claimCompletion(purchase.id, ["requires_approval"]);
    if (moved === "busy") throw conflict(BUSY_MESSAGE);
    if (!moved) return approvalOutcome(await afterProcessing(purchase.id));
    const pkg = (await deps.plans.packageById(purchase.packageId))!;
    const running = await current(purchase.userId);
    // Approved at the bank after lifetime access was bought meanwhile, or an upgrade approved after the subscription it
    // was priced for was replaced or can no longer be upgraded: nothing to give for it, so the charge goes back.
    const refused =
      moved.kind === "upgrade"
        ? !running || (moved.subscriptionId !== null && running.id !== moved.subscriptionId) || !billing.canUpgrade(running)
          ? UPGRADE_REFUNDED_MESSAGE
          : null
        : running?.status === "lifetime"
          ? LIFETIME_REFUNDED_MESSAGE
          : null;
    if (refused) {
      await deps.card.refund({ paymentId: purchase.providerReference, idempotencyKey: `refund:${purchase.id}` });
      if (payment) await repository.updatePayment(payment.id, { status: "refunded" });
      await repository.transitionPurchase(purchase.id, ["processing"], {
        status: "refunded",
        responseStatus: 409,
        response: { message: refused },
      });
      return approvalOutcome({ ...moved, status: "refunded" });
    }
    if (payment) await repository.updatePayment(payment.id, { status: "succeeded" });
    const subscription = await grantCard(
      moved,
      stored?.payment_method ?? "",
      stored?.customer ?? "",
      pkg,
      stored?.payment_method_label ?? null,
    );
    if (payment) await receiptFor(payment.id, subscription);
    await repository.transitionPurchase(purchase.id, ["processing"], {
      status: "succeeded",
      responseStatus: 200,
      response: success(subscription).body,
    });
    return "granted";
  }

  /** Why a wallet checkout will not complete: refused beside lifetime access, or cancelled. */
  const notCompleted = (purchase: PurchaseRow) =>
    purchase.responseStatus === 409 ? conflict(LIFETIME_HELD_MESSAGE) : declined("The payment was canceled.");

  /** The answer for a purchase that already succeeded: the subscription it started. */
  async function succeeded(purchase: PurchaseRow): Promise<PurchaseResponse> {
    return success(purchase.subscriptionId ? await deps.subscriptions.byId(purchase.subscriptionId) : await current(purchase.userId)).body;
  }

  /**
   * Completes an approved wallet checkout, holding the member's completion lock: lifetime held
   * meanwhile refuses it (cancelled at the wallet), else it replaces the running subscription.
   */
  async function completeWallet(wallet: WalletProcessor, purchase: PurchaseRow, reference: string): Promise<PurchaseResponse> {
    const { userId } = purchase;
    const pkg = (await deps.plans.packageById(purchase.packageId))!;
    if ((await current(userId))?.status === "lifetime") {
      // Approved at the wallet after lifetime access was bought meanwhile: the order is left uncaptured,
      // the wallet subscription is cancelled before it bills again.
      if (!pkg.isLifetime) await wallet.cancelSubscription(reference, "Lifetime access was bought meanwhile");
      await repository.transitionPurchase(purchase.id, ["processing"], {
        status: "canceled",
        responseStatus: 409,
        response: { message: LIFETIME_HELD_MESSAGE },
      });
      throw conflict(LIFETIME_HELD_MESSAGE);
    }
    const completion = await wallet.completeCheckout({
      providerReference: reference,
      lifetime: pkg.isLifetime,
      idempotencyKey: `capture:${purchase.id}`,
    });
    if (completion.status === "pending") {
      await repository.transitionPurchase(purchase.id, ["processing"], { status: "awaiting_wallet" });
      throw conflict("The payment is not approved yet.");
    }
    if (completion.status === "canceled") {
      await repository.transitionPurchase(purchase.id, ["processing"], { status: "canceled" });
      throw declined("The payment was canceled.");
    }
    // A completion that stopped after its subscription started is finished, never started twice.
    const owner = completion.subscriptionId
      ? (await deps.subscriptions.history(userId)).find(
          (row) => row.provider === "paypal" && row.providerSubscriptionId === completion.subscriptionId,
        )
      : undefined;
    let subscription = owner ?? null;
    if (!subscription) {
      await replaceRunning(userId, pkg);
      subscription = await billing.start({
        userId,
        provider: "paypal",
        pkg,
        trial: pkg.isFreeTrial && pkg.trialDays > 0,
        purchaseId: purchase.id,
        providerSubscriptionId: completion.subscriptionId,
      });
    }
    if (completion.paymentId) {
      // The wallet's first payment (or a captured order): recorded and receipted as a card charge is.
      const money = completion.money ?? moneyOf(pkg);
      await billing.recordCharge({
        userId,
        subscriptionId: subscription.id,
        purchaseId: purchase.id,
        provider: "paypal",
        providerPaymentId: completion.paymentId,
        idempotencyKey: `paypal:${completion.paymentId}`,
        amountCents: money.amountCents,
        currency: money.currency,
        status: "succeeded",
      });
    }
    const answer = success(subscription);
    await repository.transitionPurchase(purchase.id, ["processing"], {
      status: "succeeded",
      subscriptionId: subscription.id,
      responseStatus: 200,
      response: answer.body,
    });
    return answer.body;
  }

  /** The member's subscription of this provider and the annual package it may be upgraded to (else 404 or 422). */
  async function upgradable(userId: string, provider: PaymentProvider, packageId: number) {
    const running = await current(userId);
    if (!running || running.provider !== provider) throw notFound("You have no subscription to change here.");
    const { pkg } = await packageFor(packageId, provider, {});
    if (pkg.isLifetime || pkg.months !== 12) throw invalidField("package_id", "Only the upgrade to the annual plan is available.");
    if (running.currency && running.currency !== pkg.currency)
      throw invalidField("package_id", `Please choose the annual plan in ${running.currency}, the currency of your current plan.`);
    return { running, pkg };
  }

  /** The moment an upgrade is priced at: the preview's, when it is from the last half hour, else now. */
  function quotedAt(quoted: string | undefined): Date {
    const now = deps.now();
    const at = quoted === undefined ? Number.NaN : Date.parse(quoted);
    if (Number.isNaN(at) || at > now.getTime() || at < now.getTime() - QUOTE_VALID_MS) return now;
    return new Date(at);
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
      returnUrl: `${deps.appUrl}/settings/subscription`,
      cancelUrl: `${deps.appUrl}/settings/subscription`,
    });
    await billing.upgraded(running, pkg, purchase.id);
    await receiptFor(payment.id, running);
    return success(await current(purchase.userId));
  }

  /** A verified card webhook: a charge that waited for approval settled. */
  async function cardEvent(event: ProviderEvent): Promise<void> {
    if (event.kind !== "payment_succeeded" && event.kind !== "payment_failed") return;
    const payment = await repository.paymentByProviderId("stripe", event.paymentId);
    if (!payment?.purchaseId) return;
    const purchase = await repository.purchase(payment.purchaseId);
    if (purchase) await settleApproval(purchase);
  }

  return {
    // ---- card --------------------------------------------------------------------------
    async setupIntent(userId: string): Promise<SetupIntentResponse> {
      const card = deps.card;
      if (!card) throw paymentsDown("Card");
      const intent = await card.createSetupIntent(await cardCustomer(card, userId));
      return { api_key: card.publishableKey, client_secret: intent.clientSecret, mode: card.adapter === "stripe" ? "live" : "sandbox" };
    },

    /** Saves the confirmed card and buys the package: the trial starts, or the first charge is taken. */
    async saveCardAndBuy(userId: string, body: SavePaymentMethodBody, key: string | undefined): Promise<PurchaseResponse> {
      const card = deps.card;
      if (!card) throw paymentsDown("Card");
      const chosen = await packageFor(body.package_id, "stripe", body);
      const { pkg } = chosen;
      const request = {
        kind: pkg.isLifetime ? "lifetime" : "subscription",
        provider: "stripe" as const,
        packageId: pkg.id,
        checkoutId: body.checkout_id ?? body.promo_checkout_id ?? null,
        body,
      };
      const answer = await once(userId, key, request, async (purchase) => {
        await refuseEndedOffer(userId, chosen);
        await refuseDoublePurchase(userId, pkg);
        const customerId = await cardCustomer(card, userId);
        const method = await card.confirmedPaymentMethod(customerId, body.payment_method ?? null);
        if (!method) throw invalidField("payment_method", "The payment method is not confirmed. Please enter your card again.");
        const hadTrial = (await deps.subscriptions.history(userId)).some(
          (row) => row.planType === "Free trial" || (lifecycleFromJson(row.lifecycle)?.facts.startedWithTrial ?? false),
        );
        if (pkg.isFreeTrial && pkg.trialDays > 0 && !hadTrial) {
          const subscription = await billing.start({
            userId,
            provider: "stripe",
            pkg,
            trial: true,
            purchaseId: purchase.id,
            customerId,
            paymentMethodId: method.id,
            paymentMethodLabel: method.label,
          });
          await repository.updatePurchase(purchase.id, { subscriptionId: subscription.id });
          return success(subscription);
        }
        return chargeNow(card, purchase, pkg, customerId, method.id, method.label);
      });
      return answer.body;
    },

    /** The browser's return from the bank's approval page. */
    async approvalReturn(purchaseId: string): Promise<"granted" | "declined" | "waiting"> {
      const purchase = await repository.purchase(purchaseId);
      if (!purchase || purchase.provider !== "stripe") return "declined";
      return settleApproval(purchase);
    },

    /**
     * A provider's webhook: its signature checked over the exact bytes, then the event applied.
     * A wallet event for a subscription not known yet is refused, so the wallet delivers it again.
     */
    async receiveWebhook(provider: PaymentProvider, raw: Buffer, headers: Record<string, string | string[] | undefined>): Promise<void> {
      const processor = provider === "stripe" ? deps.card : deps.wallet;
      if (!processor) throw notFound();
      let event: ProviderEvent;
      try {
        event = await processor.readWebhook(raw, headers);
      } catch (error) {
        if (error instanceof InvalidWebhookError) throw unreadable("The webhook signature is not valid.");
        throw error;
      }
      if (provider === "stripe") await cardEvent(event);
      else if (!(await billing.walletEvent(event))) throw notFound("Unknown subscription; deliver again later.");
    },

    cardEvent,

    // ---- wallet ------------------------------------------------------------------------
    async walletCheckout(userId: string, query: WalletCheckoutQuery, key: string | undefined): Promise<WalletCheckoutResponse> {
      const wallet = deps.wallet;
      if (!wallet) throw paymentsDown("Wallet");
      const chosen = await packageFor(query.package_id, "paypal", query);
      const { pkg } = chosen;
      const body = { package_id: query.package_id, checkout_id: query.checkout_id, promo_checkout_id: query.promo_checkout_id };
      const request = {
        kind: pkg.isLifetime ? "lifetime" : "subscription",
        provider: "paypal" as const,
        packageId: pkg.id,
        checkoutId: query.checkout_id ?? query.promo_checkout_id ?? null,
        body,
      };
      const answer = await once(userId, key, request, async (purchase) => {
        await refuseEndedOffer(userId, chosen);
        await refuseDoublePurchase(userId, pkg);
        const checkout = await wallet.createCheckout({
          reference: purchase.id,
          member: await member(userId),
          item: {
            packageId: pkg.id,
            name: planName(deps.product, pkg),
            money: moneyOf(pkg),
            months: pkg.isLifetime ? 0 : pkg.months,
            trialDays: pkg.isFreeTrial ? pkg.trialDays : 0,
          },
          returnUrl: `${deps.appUrl}/success-transaction`,
          cancelUrl: `${deps.appUrl}/cancel-transaction`,
          idempotencyKey: `wallet:${purchase.id}`,
        });
        await repository.updatePurchase(purchase.id, { providerReference: checkout.providerReference });
        return {
          body: { message: "awaiting wallet", redirect_url: checkout.approvalUrl, subscription_type: null },
          purchaseStatus: "awaiting_wallet",
        };
      });
      return { url_to_redirect: answer.body.redirect_url! };
    },

    /**
     * The member is back from the wallet having approved: the subscription (or lifetime) starts.
     * Approvals completed at the same moment (two tabs, two checkouts, a card purchase) take turns
     * under the member's completion lock, so each sees what the one before it did: at most one
     * agreement of the member bills at the wallet, the others are cancelled there.
     */
    async walletReturn(userId: string, body: WalletReturnBody): Promise<PurchaseResponse> {
      const wallet = deps.wallet;
      if (!wallet) throw paymentsDown("Wallet");
      const reference = body.subscription_id ?? body.token!;
      const purchase = await repository.purchaseByReference("paypal", reference);
      if (!purchase || purchase.userId !== userId) throw notFound("This payment was not found.");
      if (purchase.status === "succeeded") return succeeded(purchase);
      if (WALLET_CANCELED.has(purchase.status)) throw notCompleted(purchase);
      const claimed = await claimCompletion(purchase.id, ["awaiting_wallet", "failed"]);
      if (claimed === "busy") throw conflict(BUSY_MESSAGE);
      if (!claimed) {
        // The member's other tab is completing it right now, or it was settled meanwhile: answer its outcome.
        const settled = await afterProcessing(purchase.id);
        if (settled?.status === "succeeded") return succeeded(settled);
        if (settled && WALLET_CANCELED.has(settled.status)) throw notCompleted(settled);
        throw conflict("This purchase is already being processed.");
      }
      try {
        return await completeWallet(wallet, claimed, reference);
      } catch (error) {
        // Not completed: the member may come back again (an outcome it gave has moved the purchase on already).
        await repository.transitionPurchase(claimed.id, ["processing"], { status: "failed" });
        throw error;
      }
    },

    /** The member came back from the wallet without approving. */
    async walletCancel(userId: string, token: string | undefined): Promise<{ message: string }> {
      if (token) {
        // Another member's checkout answers as an unknown one would, and stays theirs.
        const purchase = await repository.purchaseByReference("paypal", token);
        if (!purchase || purchase.userId !== userId) throw notFound("This payment was not found.");
        // Only a checkout nobody is completing; an agreement approved in another tab meanwhile is cancelled by the reconciliation.
        await repository.transitionPurchase(purchase.id, ["awaiting_wallet", "failed"], { status: "canceled" });
      }
      return { message: "The payment was canceled. Nothing was charged." };
    },

    // ---- plan changes and cancellation -------------------------------------------------------
    /**
     * GET /{provider}/subscription/preview: what the upgrade to annual costs today, before the member
     * confirms it. The figures are worked out at `quoted_at`; the upgrade sent back with that moment
     * is charged exactly them.
     */
    async upgradePreview(userId: string, provider: PaymentProvider, query: UpgradePreviewQuery): Promise<UpgradePreviewResponse> {
      const { running, pkg } = await upgradable(userId, provider, query.package_id);
      if (!billing.canUpgrade(running)) throw conflict(CANNOT_UPGRADE_MESSAGE);
      const at = new Date(Math.floor(deps.now().getTime() / 1000) * 1000);
      const quote = await billing.upgradeQuote(running, pkg, at);
      const billedNow = provider === "stripe" || Boolean(deps.wallet?.bill);
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
     * upgradeProration), worked out at the preview's `quoted_at` when it is recent, else now.
     */
    async changePlan(userId: string, provider: PaymentProvider, body: ChangePlanBody, key: string | undefined): Promise<PurchaseResponse> {
      const { pkg } = await upgradable(userId, provider, body.package_id);
      const answer = await once(userId, key, { kind: "upgrade", provider, packageId: pkg.id, checkoutId: null, body }, async (purchase) => {
        // Judged inside the claim: a retried upgrade that already went through answers its stored outcome,
        // and of two upgrades sent at once the second sees the first one's result.
        const running = await current(userId);
        if (!running || running.provider !== provider || !billing.canUpgrade(running)) throw conflict(CANNOT_UPGRADE_MESSAGE);
        // The subscription this upgrade is priced for: one the bank approves after it was replaced is refunded.
        await repository.updatePurchase(purchase.id, { subscriptionId: running.id });
        const quote = await billing.upgradeQuote(running, pkg, quotedAt(body.quoted_at));
        if (provider === "paypal") {
          const wallet = deps.wallet;
          if (!wallet || !running.providerSubscriptionId) throw paymentsDown("Wallet");
          const item = { packageId: pkg.id, name: `${deps.product} annual plan`, money: moneyOf(pkg), months: 12, trialDays: 0 };
          if (wallet.bill) return walletUpgrade(wallet, purchase, running, pkg, item, quote);
          // PayPal moves the agreement to the annual plan and bills it on its own schedule (decision 053).
          const { approvalUrl } = await wallet.changePlan({
            subscriptionId: running.providerSubscriptionId,
            item,
            returnUrl: `${deps.appUrl}/thank-you?redirect=/settings/subscription`,
            cancelUrl: `${deps.appUrl}/settings/subscription`,
          });
          if (approvalUrl) return { body: { message: NEED_APPROVE_MESSAGE, redirect_url: approvalUrl, subscription_type: null } };
          await billing.upgraded(running, pkg, purchase.id);
          return success(await current(userId));
        }
        const card = deps.card;
        if (!card) throw paymentsDown("Card");
        if (!running.customerId || !running.paymentMethodId)
          throw conflict("No saved card to charge. Please subscribe with your card again.");
        return chargeNow(card, purchase, pkg, running.customerId, running.paymentMethodId, running.paymentMethodLabel, quote);
      });
      return answer.body;
    },

    /** DELETE /subscription/web/cancel/{provider}. */
    async cancel(userId: string, provider: PaymentProvider): Promise<{ message: string }> {
      const running = await current(userId);
      if (!running || running.provider !== provider) throw notFound("You have no subscription to cancel here.");
      if (billing.canCancel(running)) await billing.cancel(running, "Cancelled by the member", { notify: true });
      else if (lifecycleFromJson(running.lifecycle)?.status !== "canceled") throw conflict("This subscription cannot be cancelled.");
      return { message: CANCELED_MESSAGE };
    },

    /**
     * POST /subscription/web/resume/{provider}: takes the member's cancellation back while the
     * period runs (packages/domain resumeRefusal says when); billing goes on as before.
     */
    async resume(userId: string, provider: PaymentProvider): Promise<{ message: string }> {
      const running = await current(userId);
      if (!running || running.provider !== provider) throw notFound("You have no subscription to resume here.");
      await billing.resume(running);
      return { message: RESUMED_MESSAGE };
    },

    /** What the member's plan is now called (for the response after a change). */
    label: (row: SubscriptionRow) => {
      const state = lifecycleFromJson(row.lifecycle);
      return state ? planLabel(state) : row.planType;
    },
  };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
