import type { Package, PLACEMENTS } from "@serene/contracts";
import type { Currency } from "@serene/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

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
