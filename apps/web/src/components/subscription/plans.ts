import type { Package } from "@serene/contracts";
import { currencyForTimeZone, type Currency, type PackageFacts } from "@serene/domain";

/** The card provider whose packages the paywall and the members' offers show (spec 000 section 5). */
export const CARD_PROVIDER = "stripe";

/** A package as the paywall, the payment dialog and the members' offers work with it: the domain's facts, money in cents. */
export type PlanOption = PackageFacts & { id: number; currency: Currency; trialDays: number };

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
