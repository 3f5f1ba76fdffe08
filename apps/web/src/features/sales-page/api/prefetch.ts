import { queryClient } from "../../../lib/query-client";
import { landingPageQueryOptions } from "./landing-page";
import { checkoutQueryOptions, type CheckoutViewer } from "../../../lib/buying/api/checkout";
import { salesPageQueryOptions } from "./sales-page";

/**
 * Starts fetching a sales page's data while its code loads: the campaign (on /lp), then the
 * checkout, then the sales page's copy the checkout names. Failures are left to the page.
 */
export async function prefetchSalesOffer(source: { checkoutId: string | null; lp: string | null }, viewer: CheckoutViewer) {
  try {
    let checkoutId = source.checkoutId;
    if (source.lp !== null) checkoutId = String((await queryClient.fetchQuery(landingPageQueryOptions(source.lp))).checkout_id);
    if (checkoutId === null) return;
    const checkout = await queryClient.fetchQuery(checkoutQueryOptions(checkoutId, viewer));
    if (source.lp === null) await queryClient.prefetchQuery(salesPageQueryOptions(checkout.sales_page));
  } catch {
    // The page asks again and shows what went wrong.
  }
}
