import type { Checkout, Package } from "@serene/contracts";
import { checkoutPlanList, defaultPackage, visiblePackages, type Currency } from "@serene/domain";
import { CARD_PROVIDER, toPlanOption, type PlanOption } from "../../lib/buying/plans";

/** Whether a checkout's timed offer has ended: the server says so, or its deadline has passed. */
export function offerEnded(offer: Checkout["offer"], endsAt: string | null | undefined, now: number): boolean {
  if (offer.expired) return true;
  const deadline = endsAt ?? offer.ends_at;
  if (!deadline) return false;
  const time = Date.parse(deadline);
  return Number.isFinite(time) && time <= now;
}

export interface CheckoutPlans {
  /**
   * The card provider's plans in the region's currency, the offer's plans first, each set against the
   * regular price of the same plan, which then has no card of its own (decision 052).
   */
  options: PlanOption[];
  /** Ids of the offer's plans (shown highlighted). */
  offerIds: ReadonlySet<PlanOption["id"]>;
  /** The plan chosen first: the offer's plan put forward while it runs, else 'Best Value' or 'Most Popular', else the first. */
  featured: PlanOption | null;
  /** Every package that may be bought now, both providers': the payment dialog buys the wallet's or the card's. */
  packages: Package[];
}

/**
 * The plans the checkout's modal shows (spec 000 sections 4 and 5): the checkout's packages of the
 * card provider in the region's currency, with the timed offer's packages first while the offer
 * runs (the regular plan of the same kind only as the price each is set against) and left out once
 * it has ended (the server refuses them then).
 */
export function checkoutPlans(checkout: Pick<Checkout, "packages" | "offer">, region: Currency, ended: boolean): CheckoutPlans {
  const packages = checkout.packages.filter((pkg) => !(pkg.offer && ended));
  const offerIds = new Set(packages.filter((pkg) => pkg.offer).map((pkg) => pkg.id));
  const options = checkoutPlanList(visiblePackages(packages.map(toPlanOption), region, CARD_PROVIDER), ended);
  const offers = options.filter((option) => offerIds.has(option.id));
  return { options, offerIds, featured: defaultPackage(offers) ?? defaultPackage(options), packages };
}

/** Which checkout a purchase comes from, as the card and wallet calls name it: checkout_id or promo_checkout_id by type. */
export function checkoutRef(checkout: Pick<Checkout, "id" | "type">): { checkout_id?: number; promo_checkout_id?: number } {
  return checkout.type === "promo" ? { promo_checkout_id: checkout.id } : { checkout_id: checkout.id };
}
