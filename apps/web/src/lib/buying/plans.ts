import type { Package } from "@serene/contracts";
import { currencyForTimeZone, legacyRegularPriceCents, struckThroughCents, type Currency, type PackageFacts } from "@serene/domain";

/** The card provider whose packages the paywall and the members' offers show (spec 000 section 5). */
export const CARD_PROVIDER = "stripe";

/**
 * A package as the paywall, the payment dialog and the members' offers work with it: the domain's
 * facts, money in cents.
 */
export type PlanOption = PackageFacts & {
  id: number;
  currency: Currency;
  trialDays: number;
  /** A timed offer's package (docs/decisions/030-honest-offers.md): another plan than the regular one of the same kind, at its own price. */
  offer?: boolean;
  /**
   * Set on a timed offer's plan: what the same plan costs without the offer (null when no such plan
   * is sold), struck through instead of a made-up former price.
   */
  regularCents?: number | null;
};

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
    trialDays: pkg.trial_days,
    tags: pkg.tags,
    offer: pkg.offer,
  };
}

/** The visitor's or member's region currency, from the browser's time zone (spec 000 section 9). */
export function regionCurrency(): Currency {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return currencyForTimeZone(timeZone);
}

/**
 * The regular price struck through beside a plan: twice the amount, or, on the older card layouts
 * (checkout theme vsl-type-2, spec 000 section 9), the monthly amount plus 5, the yearly amount
 * plus 30 and 1499.99 for lifetime. Periods of 3 and 6 months have no older layout: twice the amount.
 */
export function regularPriceCents(
  option: Pick<PlanOption, "amountCents" | "months" | "isLifetime" | "regularCents">,
  legacy = false,
): number | null {
  if (option.regularCents !== undefined) return option.regularCents;
  if (legacy) {
    if (option.isLifetime) return legacyRegularPriceCents("lifetime", option.amountCents);
    if (option.months === 1) return legacyRegularPriceCents("monthly", option.amountCents);
    if (option.months === 12) return legacyRegularPriceCents("yearly", option.amountCents);
  }
  return struckThroughCents(option.amountCents);
}
