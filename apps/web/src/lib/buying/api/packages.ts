import type { Package, PLACEMENTS } from "@serene/contracts";
import { defaultPackage, visiblePackages, type Currency } from "@serene/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../api-client";
import { CARD_PROVIDER, toPlanOption, type PlanOption } from "../plans";
import type { OfferPlacement } from "../subscription-offer";

/** The filters GET /package/web takes; each set of filters is its own cached answer. */
export interface WebPackageFilters {
  place?: (typeof PLACEMENTS)[number];
  currency?: Currency;
  provider?: string;
}

/** GET /package/web: the web packages on offer, as the API answers them; `silent` keeps a failure out of the error toast. */
export async function getWebPackages(
  filters: WebPackageFilters,
  { signal, silent = false }: { signal?: AbortSignal; silent?: boolean } = {},
): Promise<Package[]> {
  return await api.get("package/web", { query: { ...filters }, signal, silent });
}

export const packageKeys = {
  all: ["packages"] as const,
  web: (filters: WebPackageFilters = {}) => [...packageKeys.all, "web", filters] as const,
};

/**
 * The one query for the packages on offer: the paywall, the members' subscription offer and the
 * subscription settings all read it, so the same filters are fetched once. Pages that show a
 * failure themselves ask `silent`.
 */
export const webPackagesQueryOptions = (filters: WebPackageFilters = {}, { silent = false }: { silent?: boolean } = {}) =>
  queryOptions({
    queryKey: packageKeys.web(filters),
    queryFn: ({ signal }) => getWebPackages(filters, { signal, silent }),
    staleTime: 5 * 60_000,
  });

export const useWebPackages = (
  filters: WebPackageFilters = {},
  { enabled = true, silent = false }: { enabled?: boolean; silent?: boolean } = {},
) => useQuery({ ...webPackagesQueryOptions(filters, { silent }), enabled });

/** The packages the paywall and the members' offer show: those offered after locked content, in the region's currency (spec 000 sections 5 and 7). */
export const afterLockedContent = (currency: Currency): WebPackageFilters => ({ place: "after_locked_content", currency });

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
