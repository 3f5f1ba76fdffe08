import type { Checkout } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api-client";
import { queryClient } from "../../query-client";
import { retryUnlessRefused } from "../../server-data/retry";
import { visitorStartedAt } from "../offer-deadline";

/** Who is looking: the offer's clock is the server's for a member or a lead, the browser's for a visitor. */
export interface CheckoutViewer {
  member: boolean;
  /** The lead's id on /lead-checkout (a lead that could not be read is left out: then a visitor). */
  lead: string | null;
}

/** A visitor: the paywall asks for a checkout as one. */
export const VISITOR: CheckoutViewer = { member: false, lead: null };

/** A checkout's packages and offer, read by the paywall and the sales pages: one key per checkout and viewer. */
export const checkoutKeys = {
  all: ["checkout"] as const,
  detail: (checkoutId: string, viewer: CheckoutViewer = VISITOR) =>
    [...checkoutKeys.all, checkoutId, viewer.member ? "member" : viewer.lead ? `lead:${viewer.lead}` : "visitor"] as const,
};

/**
 * The checkout with the person's offer: GET /user/checkout/{id} for a member (carrying the clock
 * this browser kept while they were a visitor, as `started_at`), otherwise GET /checkout/{id},
 * naming the lead when there is one. Failures show on the page, so the call is silent.
 */
export function getCheckout(checkoutId: string, viewer: CheckoutViewer = VISITOR, signal?: AbortSignal): Promise<Checkout> {
  const params = { id: checkoutId };
  if (viewer.member) {
    const startedAt = visitorStartedAt(checkoutId);
    return api.get("user/checkout/{id}", { params, signal, silent: true, query: { started_at: startedAt ?? undefined } });
  }
  return api.get("checkout/{id}", { params, signal, silent: true, query: { lead: viewer.lead ?? undefined } });
}

/** An offer that is gone (an unknown or removed checkout) is not asked for again. */
export const checkoutQueryOptions = (checkoutId: string, viewer: CheckoutViewer = VISITOR) =>
  queryOptions({
    queryKey: checkoutKeys.detail(checkoutId, viewer),
    queryFn: ({ signal }) => getCheckout(checkoutId, viewer, signal),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });

/** The checkout once its id (and, on /lead-checkout, the lead) is known; pass null while waiting. */
export const useCheckout = (checkoutId: string | null, viewer: CheckoutViewer = VISITOR) =>
  useQuery({ ...checkoutQueryOptions(checkoutId ?? "", viewer), enabled: checkoutId !== null });

export const prefetchCheckout = (checkoutId: string, viewer: CheckoutViewer = VISITOR) =>
  queryClient.prefetchQuery(checkoutQueryOptions(checkoutId, viewer));
