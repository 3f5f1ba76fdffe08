import type { Package } from "@serene/contracts";
import { defaultPackage, visiblePackages, type Currency } from "@serene/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { afterLockedContent, webPackagesQueryOptions } from "../../lib/packages";
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
 * The plans the subscription offer shows: the web packages offered after locked content, in the
 * region's currency, the card provider's only (spec 000 sections 5 and 7). Asked for only while
 * the offer is open; a failure shows inside the offer, not as a toast.
 */
export function useOfferPlans(region: Currency, enabled: boolean) {
  const select = useCallback((packages: Package[]) => offerPlans(packages, region), [region]);
  return useQuery({ ...webPackagesQueryOptions(afterLockedContent(region), { silent: true }), enabled, select });
}
