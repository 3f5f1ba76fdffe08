import type { Checkout, Package } from "@serene/contracts";
import { defaultPackage, planTypeFromMonths, visiblePackages, type Currency, type PackageFacts } from "@serene/domain";
import { CARD_PROVIDER, toPlanOption, type PlanOption } from "../../lib/buying/plans";

export interface PaywallPlans {
  options: PlanOption[];
  initial: PlanOption | null;
  checkoutType: Checkout["type"] | null;
  /** The checkout named in the address, if any. */
  checkoutId: number | null;
  /** Every package on offer, both providers': the payment dialog buys the wallet's or the card's. */
  packages: Package[];
}

/**
 * The plans shown for a region, and the one selected first. A checkout's timed-offer packages
 * (`offer: true`, docs/decisions/030-honest-offers.md) are sold only on its sales page, against the
 * person's own countdown: the paywall leaves them out.
 */
export function paywallPlans(all: readonly Package[], region: Currency, checkout: Pick<Checkout, "id" | "type"> | null): PaywallPlans {
  const packages = all.filter((item) => !item.offer);
  const options = visiblePackages(packages.map(toPlanOption), region, CARD_PROVIDER);
  return {
    options,
    initial: defaultPackage(options),
    checkoutType: checkout?.type ?? null,
    checkoutId: checkout?.id ?? null,
    packages: [...packages],
  };
}

/** Which checkout a purchase comes from, as the payment calls name it. */
export function checkoutRef(plans: Pick<PaywallPlans, "checkoutId" | "checkoutType">): {
  checkout_id?: number;
  promo_checkout_id?: number;
} {
  if (plans.checkoutId === null) return {};
  return plans.checkoutType === "promo" ? { promo_checkout_id: plans.checkoutId } : { checkout_id: plans.checkoutId };
}

/** The headline above the picker for the selected plan (spec 000 section 2, plan cards). */
export function planHeadline(plan: Pick<PackageFacts, "months" | "isLifetime" | "isFreeTrial">): string {
  if (plan.isLifetime) return "Get Your Lifetime Plan";
  const type = planTypeFromMonths(plan.months);
  if (type === "yearly") return plan.isFreeTrial ? "Start Your 7-Day Trial" : "Start Your Yearly Plan";
  if (type === "monthly") return "Start Your Monthly Plan";
  // 3- and 6-month packages only appear on some checkouts; they are periods, not lifetime.
  return `Start Your ${plan.months}-Month Plan`;
}

/** The plan's name in the legal notes. */
export function planLegalName(plan: Pick<PackageFacts, "months" | "isLifetime" | "isFreeTrial">): string {
  if (plan.isLifetime) return "Lifetime Plan";
  if (plan.isFreeTrial) return "Free Trial With Yearly Plan";
  if (plan.months === 1) return "Monthly Plan";
  if (plan.months === 12) return "Yearly Plan";
  return `${plan.months}-Month Plan`;
}
