import type { Package } from "@serene/contracts";
import { defaultPackage, visiblePackages, type Currency } from "@serene/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { webPackagesQueryOptions } from "../../lib/packages";
import type { OfferPlacement } from "../../lib/subscription-offer";
import { CARD_PROVIDER, toPlanOption, type PlanOption } from "./plans";

export interface OfferPlans {
  options: PlanOption[];
  /** The plan the offer puts forward: 'Best Value' or 'Most Popular', else the first. */
  featured: PlanOption | null;
  /** Every package on offer, both providers': the payment dialog buys the wallet's or the card's. */
  packages: Package[];
}

/** The card provider's packages of the region, and the one put forward. */
function offerPlans(packages: Package[], region: Currency): OfferPlans {
  const options = visiblePackages(packages.map(toPlanOption), region, CARD_PROVIDER);
  return { options, featured: defaultPackage(options), packages };
}

/**
 * The plans the subscription offer shows: the web packages of its placement (after locked
 * content, after registration, after the trial is over), in the region's currency, the card
 * provider's only (spec 000 sections 3, 5 and 7). Asked for only while the offer is open and its
 * placement is known; a failure shows inside the offer, not as a toast.
 */
export function useOfferPlans(region: Currency, place: OfferPlacement | null, enabled: boolean) {
  const select = useCallback((packages: Package[]) => offerPlans(packages, region), [region]);
  return useQuery({
    ...webPackagesQueryOptions({ place: place ?? "after_locked_content", currency: region }, { silent: true }),
    enabled: enabled && place !== null,
    select,
  });
}
