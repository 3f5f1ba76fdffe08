import type {
  PaymentProvider,
  PurchaseResponse,
  SavePaymentMethodBody,
  SetupIntentResponse,
  WalletCheckoutQuery,
  WalletCheckoutResponse,
} from "@serene/contracts";
import { lifecycleFromJson, trialAllowed } from "@serene/domain";
import { invalidField, notFound } from "../../../domain-errors.ts";
import type { PackageRow } from "../../plans/plans.repository.ts";
import { moneyOf } from "./billing-core.ts";
import type { PurchaseRow } from "../payments.repository.ts";
import type { CheckoutSteps, Chosen } from "./checkout.ts";
import { paymentsDown, success, type Answer, type PurchaseContext } from "./context.ts";
import type { Once } from "./idempotency.ts";

/** How the wallet names what it sells: "Serene Yearly plan", "Serene 3-month plan", "Serene Lifetime". */
const planName = (product: string, pkg: PackageRow) =>
  `${product} ${pkg.isLifetime ? "Lifetime" : pkg.months === 12 ? "Yearly plan" : pkg.months === 1 ? "Monthly plan" : `${pkg.months}-month plan`}`;

/**
 * The purchase: by card (setup intent → confirmed card → saved payment method → trial or charge, or
 * the bank's approval first: see the approve command) or by wallet (a checkout at the wallet, which
 * the member approves there; the approve command completes it). Each runs once per Idempotency-Key
 * (idempotency.ts), refused for an ended offer or beside a running subscription (buyOnce).
 */
export function createPurchaseCommand(ctx: PurchaseContext, steps: CheckoutSteps, once: Once) {
  const { repository, billing } = ctx;

  /**
   * Runs a purchase of the chosen package once per Idempotency-Key (a lifetime or a subscription,
   * bought through the checkout named, if any); inside the claim, at the moment of the charge or the
   * wallet checkout, it is refused for an ended offer or beside a running subscription.
   */
  function buyOnce(
    userId: string,
    key: string | undefined,
    chosen: Chosen,
    provider: PaymentProvider,
    body: unknown,
    run: (purchase: PurchaseRow) => Promise<Answer>,
  ) {
    const request = {
      kind: chosen.pkg.isLifetime ? "lifetime" : "subscription",
      provider,
      packageId: chosen.pkg.id,
      checkoutId: chosen.checkoutId,
      body,
    };
    return once(userId, key, request, async (purchase) => {
      await steps.refuseEndedOffer(userId, chosen);
      await steps.refuseDoublePurchase(userId, chosen.pkg);
      return run(purchase);
    });
  }

  return {
    async setupIntent(userId: string): Promise<SetupIntentResponse> {
      const card = ctx.card;
      if (!card) throw paymentsDown("Card");
      const intent = await card.createSetupIntent(await steps.cardCustomer(card, userId));
      return { api_key: card.publishableKey, client_secret: intent.clientSecret, mode: card.adapter === "stripe" ? "live" : "sandbox" };
    },

    /** Saves the confirmed card and buys the package: the trial starts, or the first charge is taken. */
    async saveCardAndBuy(userId: string, body: SavePaymentMethodBody, key: string | undefined): Promise<PurchaseResponse> {
      const card = ctx.card;
      if (!card) throw paymentsDown("Card");
      const chosen = await steps.packageFor(body.package_id, "stripe", body);
      const { pkg } = chosen;
      const answer = await buyOnce(userId, key, chosen, "stripe", body, async (purchase) => {
        const customerId = await steps.cardCustomer(card, userId);
        const method = await card.confirmedPaymentMethod(customerId, body.payment_method ?? null);
        if (!method) throw invalidField("payment_method", "The payment method is not confirmed. Please enter your card again.");
        const history = (await ctx.subscriptions.history(userId)).map((row) => ({
          planType: row.planType,
          startedWithTrial: lifecycleFromJson(row.lifecycle)?.facts.startedWithTrial ?? false,
        }));
        if (trialAllowed(pkg, history)) {
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
        return steps.chargeNow(card, purchase, pkg, customerId, method.id, method.label);
      });
      return answer.body;
    },

    /** Starts a wallet checkout: the member is sent to the wallet to approve it. */
    async walletCheckout(userId: string, query: WalletCheckoutQuery, key: string | undefined): Promise<WalletCheckoutResponse> {
      const wallet = ctx.wallet;
      if (!wallet) throw paymentsDown("Wallet");
      const chosen = await steps.packageFor(query.package_id, "paypal", query);
      const { pkg } = chosen;
      const body = { package_id: query.package_id, checkout_id: query.checkout_id, promo_checkout_id: query.promo_checkout_id };
      const answer = await buyOnce(userId, key, chosen, "paypal", body, async (purchase) => {
        const checkout = await wallet.createCheckout({
          reference: purchase.id,
          member: await ctx.member(userId),
          item: {
            packageId: pkg.id,
            name: planName(ctx.product, pkg),
            money: moneyOf(pkg),
            months: pkg.isLifetime ? 0 : pkg.months,
            trialDays: pkg.isFreeTrial ? pkg.trialDays : 0,
          },
          returnUrl: `${ctx.appUrl}/success-transaction`,
          cancelUrl: `${ctx.appUrl}/cancel-transaction`,
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
  };
}
