import type { Checkout } from "@serene/contracts";

/**
 * The start action's rules, apart from the modal's (model.ts), so the page that composes the seam
 * carries only these few lines until the modal opens.
 */

/** The query parameter that brings a person back from login straight into the checkout's modal. */
export const BUY_PARAM = "buy";

/**
 * Where a visitor goes to log in (spec 000 section 4): /login with the way back to this page, plus
 * buy=1 so the return opens the modal, from=auth, and checkout=promo for a promo checkout.
 */
export function loginPath(pathname: string, search: string, type: Checkout["type"] | undefined): string {
  const back = new URLSearchParams(search);
  back.set(BUY_PARAM, "1");
  const redirect = encodeURIComponent(`${pathname}?${back}`);
  return `/login?redirect=${redirect}&from=auth${type === "promo" ? "&checkout=promo" : ""}`;
}
