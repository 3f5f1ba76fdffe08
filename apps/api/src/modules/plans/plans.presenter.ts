import type { Checkout, Package } from "@serene/contracts";
import type { CheckoutRow, PackageRow } from "./plans.repository";

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
    offer: false,
  };
}

export function presentCheckout(checkout: CheckoutRow, packages: PackageRow[]): Checkout {
  return {
    id: checkout.id,
    type: checkout.type as Checkout["type"],
    theme: checkout.theme as Checkout["theme"],
    sales_page: "calm-in-five",
    recommendations: false,
    offer: { hours: 0, started_at: null, ends_at: null, expired: false },
    packages: packages.map(presentPackage),
  };
}
