import type { PaymentProvider } from "@serene/contracts";
import {
  MISSING_PACKAGE_MESSAGES,
  dueTodayCents,
  formatMoney,
  isPurchaseType,
  safeRedirectPath,
  type Currency,
  type PackageFacts,
  type PurchaseType,
} from "@serene/domain";
import { type PlanOption } from "../../lib/buying/plans";

/** The two ways to pay (spec 000 "Payment dialog"): the wallet (PayPal) and the card (Stripe). */
export type PaymentMethod = "wallet" | "card";

export const PROVIDER_OF: Record<PaymentMethod, PaymentProvider> = { wallet: "paypal", card: "stripe" };

/** The checkout a purchase came from: a checkout's id, or a promo checkout's id (at most one). */
export type { CheckoutRef } from "../../lib/buying/api/payment";

/** A package in the domain's terms (money in cents), as the plans on offer give it. */
export type PaymentPackage = PlanOption;

/** The purchase type of a plan, or null for the 3- and 6-month periods some checkouts offer. */
function purchaseTypeOf(pkg: Pick<PackageFacts, "months" | "isLifetime">): PurchaseType | null {
  if (pkg.isLifetime) return "lifetime";
  if (pkg.months === 1) return "monthly";
  if (pkg.months === 12) return "yearly";
  return null;
}

/**
 * The package to buy for the chosen plan through a provider (spec 000 section 5): the same plan
 * type (monthly = 1 month, yearly = 12 months, lifetime = the flag) of that provider, in the
 * chosen plan's currency, falling back to USD; a trial plan prefers a trial package. Without one,
 * the spec's missing-package message.
 */
export function packageFor(
  packages: readonly PaymentPackage[],
  chosen: PaymentPackage,
  provider: string,
): { package: PaymentPackage } | { message: string } {
  const type = purchaseTypeOf(chosen);
  const samePlan = (pkg: PaymentPackage) => (type ? isPurchaseType(pkg, type) : !pkg.isLifetime && pkg.months === chosen.months);
  // A timed offer's plan and the regular plan of the same kind are different prices: the chosen one's is bought.
  const sameOffer = (pkg: PaymentPackage) => Boolean(pkg.offer) === Boolean(chosen.offer);
  const fitting = packages.filter((pkg) => pkg.provider === provider && samePlan(pkg) && sameOffer(pkg));
  const inCurrency = (currency: Currency) => {
    const options = fitting.filter((pkg) => pkg.currency === currency);
    return options.find((pkg) => pkg.isFreeTrial === chosen.isFreeTrial) ?? options[0];
  };
  const found = inCurrency(chosen.currency) ?? inCurrency("USD");
  if (found) return { package: found };
  return { message: type ? MISSING_PACKAGE_MESSAGES[type] : `There is no package for ${chosen.months} months` };
}

/** The Total line: what is charged today (0.00 for the yearly trial). */
export const totalText = (pkg: PaymentPackage) => formatMoney(pkg.currency, dueTodayCents(pkg));

/** The member's time zone for the wallet checkout; the spec's default when the browser has none. */
export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "Europe/Kiev";
  } catch {
    return "Europe/Kiev";
  }
}

/**
 * The idempotency key of a wallet return: derived from what the wallet sent back, so reloading
 * /success-transaction answers the first outcome again instead of buying twice.
 */
export function walletReturnKey(query: Record<string, string>): string | null {
  const reference = query.subscription_id || query.token;
  if (!reference) return null;
  const visible = reference.replace(/[^\x21-\x7e]/g, "").slice(0, 200);
  return visible ? `wallet-return-${visible}` : null;
}

/** Card number as it is typed: digits only, grouped by four ("4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Expiry as it is typed: "MM / YY". A first digit above 1 is the month ("4" → "04 / "). */
export function formatExpiry(value: string, previous = ""): string {
  const deleting = value.length < previous.length;
  let digits = value.replace(/\D/g, "").slice(0, 4);
  if (!deleting && digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the separator deletes the month's last digit with it.
  if (deleting && previous.endsWith(" / ") && digits.length === 2) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** "MM / YY" as the processor wants it; unreadable parts stay empty so the server names them. */
export function parseExpiry(value: string): { exp_month: string; exp_year: string } {
  const digits = value.replace(/\D/g, "");
  const month = digits.slice(0, 2);
  const year = digits.slice(2, 6);
  return {
    exp_month: month,
    exp_year: year.length === 2 ? String(2000 + Number(year)) : year,
  };
}

/**
 * A path on this site only ("/home", "/settings?x=1"), as resolved, else `fallback`: the one rule for
 * redirects (`safeRedirectPath` in @serene/domain, decision 056).
 */
export function safeRedirect(value: string | null | undefined, fallback = "/home"): string {
  return safeRedirectPath(value) ?? fallback;
}
