import type { Checkout } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { visitorStartedAt } from "../../../lib/offer-deadline";
import { queryClient } from "../../../lib/query-client";
import { retryUnlessRefused } from "../../../lib/server-data/retry";

/** Who is looking: the offer's clock is the server's for a member or a lead, the browser's for a visitor. */
export interface CheckoutViewer {
  member: boolean;
  /** The lead's id on /lead-checkout (a lead that could not be read is left out: then a visitor). */
  lead: string | null;
}

export const salesCheckoutKeys = {
  all: ["sales-checkout"] as const,
  detail: (checkoutId: string, viewer: CheckoutViewer) =>
    [...salesCheckoutKeys.all, checkoutId, viewer.member ? "member" : viewer.lead ? `lead:${viewer.lead}` : "visitor"] as const,
};

/**
 * The checkout sold on the page, with the person's offer: GET /user/checkout/{id} for a member
 * (carrying the clock this browser kept while they were a visitor, as `started_at`), otherwise
 * GET /checkout/{id}, naming the lead when there is one. Failures show on the page.
 */
export async function getSalesCheckout(checkoutId: string, viewer: CheckoutViewer, signal?: AbortSignal): Promise<Checkout> {
  const id = encodeURIComponent(checkoutId);
  if (viewer.member) {
    const startedAt = visitorStartedAt(checkoutId);
    return await api.get("user/checkout/{id}", { params: { id }, signal, silent: true, query: { started_at: startedAt ?? undefined } });
  }
  return await api.get("checkout/{id}", { params: { id }, signal, silent: true, query: { lead: viewer.lead ?? undefined } });
}

export const salesCheckoutQueryOptions = (checkoutId: string, viewer: CheckoutViewer) =>
  queryOptions({
    queryKey: salesCheckoutKeys.detail(checkoutId, viewer),
    queryFn: ({ signal }) => getSalesCheckout(checkoutId, viewer, signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

/** The checkout once its id (and, on /lead-checkout, the lead) is known; pass null while waiting. */
export const useSalesCheckout = (checkoutId: string | null, viewer: CheckoutViewer) =>
  useQuery({ ...salesCheckoutQueryOptions(checkoutId ?? "", viewer), enabled: checkoutId !== null });

export const prefetchSalesCheckout = (checkoutId: string, viewer: CheckoutViewer) =>
  queryClient.prefetchQuery(salesCheckoutQueryOptions(checkoutId, viewer));
