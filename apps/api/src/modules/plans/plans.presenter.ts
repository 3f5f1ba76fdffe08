import type { Checkout, CheckoutOffer, Package } from "@serene/contracts";
import { toUtcSecond, type OfferClock } from "@serene/domain";
import type { CheckoutRow, PackageRow } from "./plans.repository.ts";

export function presentPackage(row: PackageRow): Package {
  return {
    id: row.id,
    months: row.months,
    provider: row.provider as Package["provider"],
    currency: row.currency as Package["currency"],
    amount: row.amountCents / 100,
    is_lifetime: row.isLifetime,
    is_free_trial: row.isFreeTrial,
    trial_days: row.trialDays,
    tags: row.tags,
    offer: row.offerOnly,
  };
}

/** The person's offer: `clock` null for a visitor (the browser keeps the deadline) or a checkout without offer packages. */
export function presentOffer(hours: number, clock: OfferClock | null, live: boolean): CheckoutOffer {
  return {
    hours,
    started_at: clock ? toUtcSecond(clock.startedAt) : null,
    ends_at: clock ? toUtcSecond(clock.endsAt) : null,
    expired: clock !== null && !live,
  };
}

export function presentCheckout(checkout: CheckoutRow, packages: PackageRow[], offer: CheckoutOffer): Checkout {
  return {
    id: checkout.id,
    type: checkout.type as Checkout["type"],
    theme: checkout.theme as Checkout["theme"],
    sales_page: checkout.salesPage,
    recommendations: checkout.recommendations,
    offer,
    packages: packages.map(presentPackage),
  };
}
