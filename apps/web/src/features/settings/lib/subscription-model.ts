import type { AccountStatusResponse } from "@serene/contracts";
import { choosePackage, type Currency } from "@serene/domain";
import { CARD_PROVIDER, type PlanOption } from "../../../lib/buying/plans";
import { isSubscriber } from "../../../lib/server-data/account-status";

/** How a provider is named on the page: the card provider is "Card", the wallet "PayPal". */
const PROVIDER_NAMES: Record<string, string> = { stripe: "Card", paypal: "PayPal" };

/** subscription_via as the member reads it; other providers (demo, corporate) by their own name. */
export function providerName(via: string | null): string | null {
  if (!via) return null;
  const known = PROVIDER_NAMES[via.toLowerCase()];
  return known ?? via.charAt(0).toUpperCase() + via.slice(1);
}

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

/** An ISO date as "June 3, 2026"; null when there is none or it cannot be read. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : DATE.format(date);
}

/** The subscription's state in a word, for the badge beside the plan. */
export function statusLabel(status: AccountStatusResponse): string {
  if (!isSubscriber(status)) return "Free";
  switch (status.status) {
    case "trialing":
      return "Free trial";
    case "past_due":
      return "Payment due";
    case "canceled":
      return "Canceled";
    case "lifetime":
      return "Lifetime";
    default:
      return "Active";
  }
}

export type StatusTone = "free" | "active" | "warning" | "ended";

export function statusTone(status: AccountStatusResponse): StatusTone {
  if (!isSubscriber(status)) return "free";
  if (status.status === "canceled") return "ended";
  if (status.status === "past_due") return "warning";
  return "active";
}

/** When the current period ends, and what that means: the next renewal, or the end of access once canceled. */
export function periodLine(status: AccountStatusResponse): { label: "Renews on" | "Access until"; date: string } | null {
  const date = formatDate(status.current_period_end);
  if (!date) return null;
  // Only a card or wallet subscription renews: a complimentary grant (or a demo plan) just ends.
  const via = status.subscription_via?.toLowerCase();
  const billed = via === "stripe" || via === "paypal";
  if (status.status === "canceled" || (!billed && status.status === "active")) return { label: "Access until", date };
  if (status.status === "active" || status.status === "trialing") return { label: "Renews on", date };
  return null;
}

/** How many months a plan of this subscription_type lasts: Monthly 1, Annual 12, "3 Months" 3; null otherwise. */
function monthsOfPlan(type: string | null): number | null {
  if (!type) return null;
  if (/^monthly$/i.test(type)) return 1;
  if (/^(annual|yearly)$/i.test(type)) return 12;
  const match = /^(\d+)\s*months?$/i.exec(type.trim());
  return match ? Number(match[1]) : null;
}

/** The free member's offer: the card provider's monthly package in the region's currency, or the spec's message. */
export const unlockPackage = (packages: readonly PlanOption[], region: Currency) =>
  choosePackage(packages, "monthly", CARD_PROVIDER, region);

export interface UpgradeQuote {
  annual: PlanOption;
  /** The annual price spread over 12 months, in cents. */
  perMonthCents: number;
  /** What a year of the current plan costs more than the annual one, in cents; null when unknown or none. */
  savingCents: number | null;
}

/**
 * The upgrade to annual: the yearly package of the member's provider (region's currency, else USD),
 * with what it saves against a year of the current plan. Or the spec's message when there is none.
 */
export function upgradeQuote(
  packages: readonly PlanOption[],
  status: AccountStatusResponse,
  region: Currency,
): UpgradeQuote | { message: string } {
  const provider = (status.subscription_via ?? CARD_PROVIDER).toLowerCase();
  const chosen = choosePackage(packages, "yearly", provider, region);
  if ("message" in chosen) return chosen;
  const annual = chosen.package;
  const months = monthsOfPlan(status.subscription_type);
  const current =
    months && months < 12
      ? packages.find((pkg) => !pkg.isLifetime && pkg.months === months && pkg.provider === provider && pkg.currency === annual.currency)
      : undefined;
  const yearOfCurrent = current ? Math.round((current.amountCents * 12) / current.months) : null;
  const saving = yearOfCurrent === null ? null : yearOfCurrent - annual.amountCents;
  return { annual, perMonthCents: Math.round(annual.amountCents / 12), savingCents: saving !== null && saving > 0 ? saving : null };
}
