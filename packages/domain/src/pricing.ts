/**
 * Plans, prices and the paywall's choice of packages (spec 000 sections 3, 4, 5 and 9).
 * Money is in minor units (cents) throughout; presenters turn it into the spec's decimals.
 */

export type Currency = "EUR" | "USD";
export type PurchaseType = "monthly" | "yearly" | "lifetime";

/** A package as the paywall sees it. */
export interface PackageFacts {
  id: number | string;
  /** 1, 3, 6 or 12. */
  months: number;
  provider: string;
  currency: Currency;
  /** Price in cents. */
  amountCents: number;
  isLifetime: boolean;
  isFreeTrial: boolean;
  tags: readonly string[];
}

/** Plan type from months (spec 000 section 4): 12 yearly, 1 monthly, anything else lifetime. */
export function planTypeFromMonths(months: number): PurchaseType {
  if (months === 12) return "yearly";
  if (months === 1) return "monthly";
  return "lifetime";
}

/** How many days a package's price is spread over for the per-day price. */
export function perDayDivisor(months: number): number | null {
  const divisors: Record<number, number> = { 1: 30, 3: 90, 6: 180, 12: 360 };
  return divisors[months] ?? null;
}

/**
 * The per-day price in cents: the amount over 30, 90, 180 or 360 days, rounded to the cent; a
 * whole-number result loses one cent (3.00 shows as 2.99). Null for a package without a period.
 */
export function perDayPriceCents(amountCents: number, months: number): number | null {
  const divisor = perDayDivisor(months);
  if (divisor === null) return null;
  const cents = Math.round(amountCents / divisor);
  return cents > 0 && cents % 100 === 0 ? cents - 1 : cents;
}

/** The per-day base before the whole-number adjustment, in cents. */
export function perDayBaseCents(amountCents: number, months: number): number | null {
  const divisor = perDayDivisor(months);
  return divisor === null ? null : Math.round(amountCents / divisor);
}

/** The struck-through price beside a plan: twice the amount. */
export const struckThroughCents = (amountCents: number) => amountCents * 2;

/** The struck-through per-day price: twice the per-day base. */
export function oldPerDayCents(amountCents: number, months: number): number | null {
  const base = perDayBaseCents(amountCents, months);
  return base === null ? null : base * 2;
}

/** The older card layouts: monthly struck-through amount plus 5, yearly plus 30, lifetime's regular price 1499.99. */
export function legacyRegularPriceCents(type: PurchaseType, amountCents: number): number {
  if (type === "monthly") return amountCents + 500;
  if (type === "yearly") return amountCents + 3000;
  return 149_999;
}

/** The currency of a visitor's region: EUR when the time zone begins with "Europe", otherwise USD. */
export function currencyForTimeZone(timeZone: string | null | undefined): Currency {
  return typeof timeZone === "string" && timeZone.startsWith("Europe") ? "EUR" : "USD";
}

export const currencySymbol = (currency: string) => (currency === "EUR" ? "€" : "$");

/** Cents as the spec's decimal amount: 1499 → "14.99". */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** An amount in cents as the product shows it: "$14.99", "€13.99". */
export const formatMoney = (currency: string, cents: number) => `${currencySymbol(currency)}${formatAmount(cents)}`;

/**
 * The packages the paywall shows (spec 000 section 5): when any package is in EUR, only
 * card-provider packages in the region's currency; otherwise every card-provider package.
 */
export function visiblePackages<P extends Pick<PackageFacts, "provider" | "currency">>(
  packages: readonly P[],
  regionCurrency: Currency,
  cardProvider: string,
): P[] {
  const card = packages.filter((pkg) => pkg.provider === cardProvider);
  if (!packages.some((pkg) => pkg.currency === "EUR")) return card;
  return card.filter((pkg) => pkg.currency === regionCurrency);
}

/** The plan selected first: the one tagged 'Best Value' or 'Most Popular', otherwise the first. */
export function defaultPackage<P extends Pick<PackageFacts, "tags">>(packages: readonly P[]): P | null {
  return packages.find((pkg) => pkg.tags.includes("Best Value") || pkg.tags.includes("Most Popular")) ?? packages[0] ?? null;
}

export const MISSING_PACKAGE_MESSAGES: Record<PurchaseType, string> = {
  monthly: "There is no package for a month",
  yearly: "There is no package for a year",
  lifetime: "There is no lifetime package",
};

/** Whether a package is of a purchase type: monthly = 1 month, yearly = 12 months, lifetime = the flag. */
export function isPurchaseType(pkg: Pick<PackageFacts, "months" | "isLifetime">, type: PurchaseType): boolean {
  if (type === "lifetime") return pkg.isLifetime;
  return !pkg.isLifetime && pkg.months === (type === "monthly" ? 1 : 12);
}

/**
 * The package for a purchase type and provider, preferring the region's currency and falling
 * back to USD; or the spec's message when there is none.
 */
export function choosePackage<P extends Pick<PackageFacts, "months" | "isLifetime" | "provider" | "currency">>(
  packages: readonly P[],
  type: PurchaseType,
  provider: string,
  regionCurrency: Currency,
): { package: P } | { message: string } {
  const fitting = packages.filter((pkg) => isPurchaseType(pkg, type) && pkg.provider === provider);
  const chosen = fitting.find((pkg) => pkg.currency === regionCurrency) ?? fitting.find((pkg) => pkg.currency === "USD");
  return chosen ? { package: chosen } : { message: MISSING_PACKAGE_MESSAGES[type] };
}

/** The card's title (spec 000 section 9). */
export function planCardTitle(pkg: Pick<PackageFacts, "months" | "isLifetime" | "isFreeTrial">): string {
  if (pkg.isLifetime) return "Lifetime";
  if (pkg.isFreeTrial) return "Free trial";
  if (pkg.months === 1) return "1-Month Plan";
  if (pkg.months === 12) return "1-year plan";
  return `${pkg.months}-MONTHS PLAN`;
}

/** The card's billing line (spec 000 section 9). */
export function planCardDescription(pkg: Pick<PackageFacts, "months" | "isLifetime">): string {
  if (pkg.isLifetime) return "One-time purchase";
  if (pkg.months === 1) return "Billed every 1 month";
  return `Billed every ${pkg.months} months`;
}

/** What is due today: 0.00 for the yearly free trial, otherwise the amount. */
export const dueTodayCents = (pkg: Pick<PackageFacts, "isFreeTrial" | "amountCents">) => (pkg.isFreeTrial ? 0 : pkg.amountCents);

/** The payment dialog's trial note (spec 000 section 2). */
export function trialNote(yearly: Pick<PackageFacts, "amountCents" | "currency">, supportEmail: string): string {
  return `You may cancel at any time in your trial. ${formatMoney(yearly.currency, yearly.amountCents)} billed annually after trial. To cancel your subscription, email us at ${supportEmail}.`;
}

/** The yearly plan that starts with a free trial (spec 000: 'Free Trial With Yearly Plan'). */
export const isYearlyTrial = (pkg: Pick<PackageFacts, "months" | "isLifetime" | "isFreeTrial">) =>
  pkg.isFreeTrial && isPurchaseType(pkg, "yearly");

/** "every month", "every 3 months", "every year": how often a recurring plan is billed. */
function billingInterval(months: number): string {
  if (months === 1) return "every month";
  if (months === 12) return "every year";
  return `every ${months} months`;
}

/**
 * The note under the payment dialog's buttons: the terms of the package being paid, and only of it
 * (docs/decisions/052-what-the-checkout-says.md). Spec 000 shows the trial note "if a yearly package
 * exists", read as: if the package in the dialog is the yearly trial. Then the spec's words, with that
 * package's own amount. Any other recurring plan says what it bills and how often, and how to cancel;
 * a lifetime plan says it is paid once. No trial words appear unless a trial is being bought.
 */
export function paymentNote(
  pkg: Pick<PackageFacts, "months" | "isLifetime" | "isFreeTrial" | "amountCents" | "currency">,
  supportEmail: string,
): string {
  const amount = formatMoney(pkg.currency, pkg.amountCents);
  if (isYearlyTrial(pkg)) return trialNote(pkg, supportEmail);
  if (pkg.isLifetime) return `A single payment of ${amount} for lifetime access. Nothing renews.`;
  return `${amount} is billed ${billingInterval(pkg.months)} until you cancel. To cancel your subscription, email us at ${supportEmail}.`;
}

/** Whether two packages sell the same plan: the same period, lifetime or not, with a trial or not, in the same currency. */
export const isSamePlan = (
  a: Pick<PackageFacts, "months" | "isLifetime" | "isFreeTrial" | "currency">,
  b: Pick<PackageFacts, "months" | "isLifetime" | "isFreeTrial" | "currency">,
) => a.months === b.months && a.isLifetime === b.isLifetime && a.isFreeTrial === b.isFreeTrial && a.currency === b.currency;

/** A plan as a checkout lists it: a timed offer's plan carries the regular price it is set against. */
export type ListedPlan<P> = P & {
  /** On a timed offer's plan: what the same plan costs without the offer (null when no such plan is sold). */
  regularCents?: number | null;
};

/**
 * The plans a checkout lists (docs/decisions/030 and 052): while its timed offer runs, the offer's
 * plans first, each set against the regular price of the same plan (the lowest, if several), and
 * those regular plans are then not listed as cards of their own: one plan is never offered at two
 * prices side by side as if both were good choices. The other regular plans follow. Once the offer
 * has ended, the regular plans alone. A plan is matched within its own provider.
 */
export function checkoutPlanList<
  P extends Pick<PackageFacts, "months" | "isLifetime" | "isFreeTrial" | "currency" | "amountCents" | "provider"> & { offer?: boolean },
>(plans: readonly P[], offerEnded: boolean): ListedPlan<P>[] {
  const regular = plans.filter((plan) => !plan.offer);
  if (offerEnded) return [...regular];
  const offers = plans.filter((plan) => plan.offer);
  const sameAs = (offer: P) => regular.filter((plan) => plan.provider === offer.provider && isSamePlan(plan, offer));
  const listedOffers = offers.map((offer) => {
    const prices = sameAs(offer).map((plan) => plan.amountCents);
    return { ...offer, regularCents: prices.length > 0 ? Math.min(...prices) : null };
  });
  const replaced = new Set(offers.flatMap(sameAs));
  return [...listedOffers, ...regular.filter((plan) => !replaced.has(plan))];
}
