import { dueTodayCents } from "@serene/domain";
import { analytics } from "../../lib/analytics";
import type { PaymentPackage } from "./model";

/**
 * Purchase tracking (spec 000 section 4). The checkout start is recorded as "InitiateCheckout",
 * the Meta Pixel's standard name, once each time the payment dialog opens (the paywall no longer
 * records it itself). A purchase that succeeds records "StartTrial" for a free-trial package,
 * otherwise "Purchase" with its currency and value.
 */
const CHECKOUT_START_EVENT = "InitiateCheckout";

export function trackCheckoutStart(pkg: PaymentPackage) {
  analytics.track(CHECKOUT_START_EVENT, { package_id: String(pkg.id), currency: pkg.currency, value: dueTodayCents(pkg) / 100 });
}

/** What a finished purchase reports: enough to record it after the browser came back from a provider. */
export interface PurchaseFacts {
  package_id: string;
  currency: string;
  /** The package's price as a decimal. */
  value: number;
  free_trial: boolean;
}

export const purchaseFacts = (pkg: PaymentPackage): PurchaseFacts => ({
  package_id: String(pkg.id),
  currency: pkg.currency,
  value: pkg.amountCents / 100,
  free_trial: pkg.isFreeTrial,
});

export function trackPurchase(facts: PurchaseFacts) {
  if (facts.free_trial)
    analytics.track("StartTrial", { package_id: facts.package_id, currency: facts.currency, value: 0, predicted_ltv: facts.value });
  else analytics.track("Purchase", { package_id: facts.package_id, currency: facts.currency, value: facts.value });
}

/**
 * A purchase that continues at a provider's page (the wallet's approval, the bank's approval) is
 * remembered for the tab, so the outcome page records it once the member is back.
 */
const PENDING_KEY = "pending-purchase";

export function rememberPendingPurchase(facts: PurchaseFacts) {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(facts));
  } catch {
    // Tracking never stands in the way of paying.
  }
}

/** Records the remembered purchase (if any) and forgets it; `false` only forgets it. */
export function settlePendingPurchase(succeeded: boolean) {
  const facts = takePendingPurchase();
  if (succeeded && facts && typeof facts.package_id === "string") trackPurchase(facts);
}

function takePendingPurchase(): PurchaseFacts | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PurchaseFacts) : null;
  } catch {
    return null;
  }
}
