import { useMemo, useState } from "react";
import { useLocation, useParams, useSearchParams, type Params } from "react-router";
import { CheckoutModal, useCheckoutStart } from "../../features/checkout-modal";
import { prefetchSalesLead, prefetchSalesOffer, SalesScreen, useSalesOffer, type SalesOfferSource } from "../../features/sales-page";
import { queryClient } from "../../lib/query-client";
import { memberQueryOptions, useMember } from "../../lib/server-data/member";
import type { AttachStream } from "../../lib/attach-stream";
import { hasToken } from "../../lib/storage";

/** The hero's video fetches nothing before its first press, so its stream code comes with that press, not with the page. */
const attachStream: AttachStream = (...args) =>
  import("../../features/player/lib/stream-loader").then(({ loadStream }) => loadStream(...args));

/**
 * Where the page's sales page and offer come from: /promo/{id} and /checkout/{id} name a checkout,
 * /lead-checkout/{id}?lead= also a lead (its name, and its offer clock on the server), /lp/{lp} a
 * campaign naming its own checkout. With a token the checkout is asked for as the member's.
 */
function sourceOf(params: Params, pathname: string, search: URLSearchParams): SalesOfferSource {
  const lead = pathname.startsWith("/lead-checkout/") ? search.get("lead") : null;
  return { checkoutId: params.checkoutId ?? null, lp: params.lp ?? null, leadId: lead || null, member: hasToken() };
}

/**
 * The checkout sales pages (spec 000 section 2, "Promo checkout sales page": PromoCheckout,
 * CheckoutUser, and the /lead-checkout and /lp landing pages): the sales page, and the checkout it
 * opens from every 'Get Started'. The hero's video plays through the player's stream loader, loaded on its first press.
 */
export default function SalesCheckoutRoute() {
  const params = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const [source] = useState(() => sourceOf(params, pathname, search));
  const offer = useSalesOffer(source);
  const user = useMember(source.member);
  // The lead's own link token rides on the e-mailed link: it alone opens the lead's account (decision 050).
  const linkToken = pathname.startsWith("/lead-checkout/") ? search.get("token") : null;
  const lead = useMemo(() => (offer.lead ? { ...offer.lead, token: linkToken } : null), [offer.lead, linkToken]);
  const start = useCheckoutStart({ checkout: offer.checkout, lead });
  return (
    <>
      <SalesScreen offer={offer} memberName={user.data?.name ?? null} attachStream={attachStream} onStart={start.start} />
      <CheckoutModal {...start.modal} />
    </>
  );
}

/**
 * The campaign, the lead, the checkout and its sales page are asked for while the page's code loads.
 * Settles when they are in (the page the server painted stays until then, see app/router.tsx).
 */
export function prefetch(params: Params, url?: URL): Promise<unknown> {
  const source = sourceOf(params, url?.pathname ?? "", url?.searchParams ?? new URLSearchParams());
  // A lead's checkout waits for the lead: only a lead that can be read names itself to the server.
  return Promise.all([
    source.leadId !== null ? prefetchSalesLead(source.leadId) : null,
    source.leadId === null || source.member ? prefetchSalesOffer(source, { member: source.member, lead: null }) : null,
    source.member ? queryClient.prefetchQuery(memberQueryOptions()) : null,
  ]);
}
