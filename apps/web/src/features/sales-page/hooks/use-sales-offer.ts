import type { Checkout, CheckoutTheme, SalesPage } from "@serene/contracts";
import { useLandingPage } from "../api/landing-page";
import { useCheckout } from "../../../lib/buying/api/checkout";
import { useSalesPage } from "../api/sales-page";
import { useLead } from "../../../lib/server-data/lead";
import { isNotFound as isMissingOffer } from "../../../lib/server-data/retry";

/** The lead a /lead-checkout link names: who they are, for the greeting and the checkout. */
export interface SalesLead {
  id: string;
  name: string;
  email: string;
}

/** Where a sales page comes from: a checkout (/promo, /checkout, /lead-checkout) or a campaign (/lp). */
export interface SalesOfferSource {
  checkoutId: string | null;
  lp: string | null;
  /** The lead a /lead-checkout link names. */
  leadId: string | null;
  /** Signed in: the checkout is asked for as the member's (GET /user/checkout/{id}). */
  member: boolean;
}

export type SalesOffer =
  | { status: "loading"; checkout: undefined; lead: SalesLead | null }
  | { status: "missing" | "error"; checkout: undefined; lead: SalesLead | null }
  | { status: "ready"; checkout: Checkout; page: SalesPage; theme: CheckoutTheme; title: string | null; lead: SalesLead | null };

/**
 * Everything a sales page needs, asked for in order: the landing page (on /lp), the lead (on
 * /lead-checkout; one that cannot be read leaves a visitor), the checkout with the person's offer,
 * then the sales page's copy. A 404 anywhere is a missing offer.
 */
export function useSalesOffer(source: SalesOfferSource): SalesOffer {
  const landing = useLandingPage(source.lp);
  // A missing or claimed lead (or any failure) is no lead: the page then works as it does for a visitor.
  const leadQuery = useLead(source.leadId);
  const known = leadQuery.data && !leadQuery.data.registered ? leadQuery.data : null;
  const lead: SalesLead | null = known ? { id: known.id, name: known.name, email: known.email } : null;
  const leadSettled = source.leadId === null || !leadQuery.isPending;
  const checkoutId = source.lp !== null ? (landing.data ? String(landing.data.checkout_id) : null) : source.checkoutId;
  const checkout = useCheckout(leadSettled ? checkoutId : null, { member: source.member, lead: lead?.id ?? null });
  const salesPage = useSalesPage(source.lp === null && checkout.data ? checkout.data.sales_page : null);

  const errors = [landing.error, checkout.error, salesPage.error].filter((error): error is Error => error !== null);
  if (errors.some(isMissingOffer)) return { status: "missing", checkout: undefined, lead };
  if (errors.length > 0) return { status: "error", checkout: undefined, lead };
  const page = landing.data?.page ?? salesPage.data;
  if (!checkout.data || !page) return { status: "loading", checkout: undefined, lead };
  return {
    status: "ready",
    checkout: checkout.data,
    page,
    theme: landing.data?.theme ?? checkout.data.theme,
    title: landing.data?.title ?? null,
    lead,
  };
}
