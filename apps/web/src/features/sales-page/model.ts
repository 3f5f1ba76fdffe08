import type { Checkout, CheckoutTheme, Package } from "@serene/contracts";
import { legacyRegularPriceCents, planTypeFromMonths, visiblePackages, type Currency } from "@serene/domain";
import { CARD_PROVIDER, toPlanOption, withRegularPrices, type PlanOption } from "../../components/subscription/plans";

/** A plan as the sales page shows it: the paywall's plan option, and whether it belongs to the timed offer. */
export type SalesPlan = PlanOption & { offer: boolean };

const toSalesPlan = (pkg: Package): SalesPlan => ({ ...toPlanOption(pkg), offer: pkg.offer });

export { formatCount, heroTitle } from "@serene/domain";

/**
 * The plans the page shows, as the paywall chooses them (card provider, the region's currency), the
 * offer's first while it runs; once the person's offer has ended the offer's plans are gone.
 */
export function salesPlans(checkout: Pick<Checkout, "packages">, region: Currency, offerEnded: boolean): SalesPlan[] {
  const plans = visiblePackages(checkout.packages.map(toSalesPlan), region, CARD_PROVIDER);
  const regular = plans.filter((plan) => !plan.offer);
  return offerEnded
    ? regular
    : [
        ...withRegularPrices(
          plans.filter((plan) => plan.offer),
          regular,
        ),
        ...regular,
      ];
}

const samePlan = (a: SalesPlan, b: SalesPlan) => a.months === b.months && a.isLifetime === b.isLifetime && a.isFreeTrial === b.isFreeTrial;

/**
 * The plan the price reveal sets against the stated value: the offer's plan while it runs; once
 * it has ended (or without one), the regular plan of the same kind, else the first regular plan.
 */
export function featuredPlan(checkout: Pick<Checkout, "packages">, region: Currency, offerEnded: boolean): SalesPlan | null {
  const all = salesPlans(checkout, region, false);
  const offer = all.find((plan) => plan.offer) ?? null;
  const regular = all.filter((plan) => !plan.offer);
  if (offer && !offerEnded) return offer;
  return (offer && regular.find((plan) => samePlan(plan, offer))) ?? regular[0] ?? null;
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

/** Puts `{amount}` and `{subject}` into the refund guarantee's text. */
export const refundText = (text: string, amount: string, subject: string) =>
  text.replaceAll("{amount}", amount).replaceAll("{subject}", subject);
