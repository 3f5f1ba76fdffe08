import type { Checkout, CheckoutTheme, Package } from "@serene/contracts";
import { checkoutPlanList, isSamePlan, legacyRegularPriceCents, planTypeFromMonths, visiblePackages, type Currency } from "@serene/domain";
import { CARD_PROVIDER, toPlanOption, type PlanOption } from "../../lib/buying/plans";

/** A plan as the sales page shows it: the paywall's plan option, and whether it belongs to the timed offer. */
export type SalesPlan = PlanOption & { offer: boolean };

const toSalesPlan = (pkg: Package): SalesPlan => ({ ...toPlanOption(pkg), offer: pkg.offer });

export { aboutOffText, formatCount, heroTitle } from "@serene/domain";

/**
 * The plans the page shows, as the paywall chooses them (card provider, the region's currency): while
 * the offer runs, the offer's plans first, each set against the regular price of the same plan, which
 * is then not shown as a plan of its own (decision 052); once the person's offer has ended, the
 * regular plans alone.
 */
export function salesPlans(checkout: Pick<Checkout, "packages">, region: Currency, offerEnded: boolean): SalesPlan[] {
  return checkoutPlanList(visiblePackages(checkout.packages.map(toSalesPlan), region, CARD_PROVIDER), offerEnded);
}

/**
 * The plan the price reveal sets against the stated value: the offer's plan while it runs; once
 * it has ended, the regular plan of the same kind when the page still knows the offer's plan, else
 * none (the server stops listing an ended offer's packages, and another plan named in its place
 * would read as the offer's); without an offer, the first regular plan.
 */
export function featuredPlan(checkout: Pick<Checkout, "packages">, region: Currency, offerEnded: boolean): SalesPlan | null {
  const shown = salesPlans(checkout, region, offerEnded);
  const offer = visiblePackages(checkout.packages.map(toSalesPlan), region, CARD_PROVIDER).find((plan) => plan.offer) ?? null;
  if (offer && !offerEnded) return shown.find((plan) => plan.offer) ?? null;
  if (offer) return shown.find((plan) => isSamePlan(plan, offer)) ?? null;
  return offerEnded ? null : (shown[0] ?? null);
}

/**
 * The older card layouts (theme vsl-type-2): the struck-through regular price beside a plan; a timed
 * offer's plan is set against the same plan's true regular price instead (null: nothing struck through).
 */
export const legacyStruckCents = (plan: Pick<SalesPlan, "months" | "isLifetime" | "amountCents" | "regularCents">): number | null =>
  plan.regularCents !== undefined
    ? plan.regularCents
    : legacyRegularPriceCents(plan.isLifetime ? "lifetime" : planTypeFromMonths(plan.months), plan.amountCents);

/** Whether a theme shows prices in the older card layouts (spec 000 section 9). */
export const usesLegacyCards = (theme: CheckoutTheme) => theme === "vsl-type-2";

/**
 * Puts `{amount}` and `{subject}` into the refund guarantee's text. The content quotes the subject
 * around its placeholder ("with the subject '{subject}'"), so the subject goes in bare: one pair of quotes.
 */
export const refundText = (text: string, amount: string, subject: string) =>
  text.replaceAll("{amount}", amount).replaceAll("{subject}", subject);
