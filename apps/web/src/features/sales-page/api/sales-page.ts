import type { SalesPage } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { queryClient } from "../../../lib/query-client";
import { retryUnlessRefused } from "../../../lib/server-data/retry";

export const salesPageKeys = {
  all: ["sales-page"] as const,
  detail: (slug: string) => [...salesPageKeys.all, slug] as const,
};

/** GET /sales-page/{slug}: every text, figure and claim of the long-form sales page. Failures show on the page. */
export const getSalesPage = async (slug: string, signal?: AbortSignal): Promise<SalesPage> =>
  await api.get("sales-page/{slug}", { params: { slug }, signal, silent: true });

export const salesPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: salesPageKeys.detail(slug),
    queryFn: ({ signal }) => getSalesPage(slug, signal),
    staleTime: 10 * 60_000,
    retry: retryUnlessRefused,
  });

/** The sales page's copy once its slug is known (from the checkout); pass null while waiting. */
export const useSalesPage = (slug: string | null) => useQuery({ ...salesPageQueryOptions(slug ?? ""), enabled: slug !== null });

export const prefetchSalesPage = (slug: string) => queryClient.prefetchQuery(salesPageQueryOptions(slug));
