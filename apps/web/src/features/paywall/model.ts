import type { Checkout, Package } from "@serene/contracts";
import {
  currencyForTimeZone,
  defaultPackage,
  planTypeFromMonths,
  visiblePackages,
  type Currency,
  type PackageFacts,
} from "@serene/domain";

/** The card provider whose packages the paywall offers (spec 000 section 5). */
export const CARD_PROVIDER = "stripe";

/** A package as the paywall works with it: the domain's facts (money in cents). */
export type PlanOption = PackageFacts & { currency: Currency };

/** The API's decimal amount becomes cents. */
export function toPlanOption(pkg: Package): PlanOption {
  return {
    id: pkg.id,
    months: pkg.months,
    provider: pkg.provider,
    currency: pkg.currency,
    amountCents: Math.round(pkg.amount * 100),
    isLifetime: pkg.is_lifetime,
    isFreeTrial: pkg.is_free_trial,
    tags: pkg.tags,
  };
}

/** The visitor's region currency, from the browser's time zone (spec 000 section 9). */
export function regionCurrency(): Currency {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return currencyForTimeZone(timeZone);
}

export interface PaywallPlans {
  options: PlanOption[];
  initial: PlanOption | null;
  checkoutType: Checkout["type"] | null;
}

/** The plans shown for a region, and the one selected first. */
export function paywallPlans(packages: readonly Package[], region: Currency, checkoutType: Checkout["type"] | null): PaywallPlans {
  const options = visiblePackages(packages.map(toPlanOption), region, CARD_PROVIDER);
  return { options, initial: defaultPackage(options), checkoutType };
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
