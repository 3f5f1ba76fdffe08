import type { Package } from "@serene/contracts";
import { defaultPackage, visiblePackages, type Currency } from "@serene/domain";
import { useQuery } from "@tanstack/react-query";
import { CARD_PROVIDER, fetchWebPackages, toPlanOption, type PlanOption } from "./plans";

export interface OfferPlans {
  options: PlanOption[];
  /** The plan the offer puts forward: 'Best Value' or 'Most Popular', else the first. */
  featured: PlanOption | null;
  /** Every package on offer, both providers': the payment dialog buys the wallet's or the card's. */
  packages: Package[];
}

/**
 * The plans the subscription offer shows: the web packages offered after locked content, in the
 * region's currency, the card provider's only (spec 000 sections 5 and 7). Asked for only while
 * the offer is open; a failure shows inside the offer, not as a toast.
 */
export function useOfferPlans(region: Currency, enabled: boolean) {
  return useQuery<OfferPlans>({
    queryKey: ["offer-plans", region],
    queryFn: async ({ signal }) => {
      const packages = await fetchWebPackages({ place: "after_locked_content", currency: region }, { signal, silent: true });
      const options = visiblePackages(packages.map(toPlanOption), region, CARD_PROVIDER);
      return { options, featured: defaultPackage(options), packages };
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}
