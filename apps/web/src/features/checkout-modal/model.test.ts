import { describe, expect, it } from "vitest";
import { pkg } from "../../test/packages";
import { loginPath } from "./login-path";
import { checkoutPlans, checkoutRef, offerEnded } from "./model";

const running = { hours: 4, started_at: "2026-11-25T20:00:00Z", ends_at: "2026-11-26T00:00:00Z", expired: false };
const NOW = Date.parse("2026-11-25T22:00:00Z");

describe("checkout modal rules", () => {
  it("sets a timed offer's plan against the same plan's regular price, never an invented former price", () => {
    const checkout = {
      offer: running,
      packages: [
        pkg(5, 0, 149.99, { is_lifetime: true }),
        pkg(21, 0, 14.95, { is_lifetime: true, offer: true }),
        pkg(23, 1, 4.95, { offer: true }),
      ],
    };
    const plans = checkoutPlans(checkout, "USD", false);
    expect(plans.options.map((option) => [option.id, option.regularCents])).toEqual([
      // The regular lifetime is the price the offer is set against, not a second card beside it.
      [21, 14999],
      // No regular monthly plan is sold here: nothing is struck through beside the offer's.
      [23, null],
    ]);
    // Once the offer has ended the regular lifetime is a plan of its own again.
    expect(checkoutPlans(checkout, "USD", true).options.map((option) => [option.id, option.regularCents])).toEqual([[5, undefined]]);
  });

  it("puts the offer's plans first and forward while the offer runs, and leaves them out once it has ended", () => {
    const checkout = {
      offer: running,
      packages: [
        pkg(1, 1, 14.99),
        pkg(4, 12, 59.99, { is_free_trial: true, trial_days: 7, tags: ["Most Popular"] }),
        pkg(21, 12, 14.95, { offer: true }),
        pkg(11, 1, 14.99, { provider: "paypal" }),
        pkg(22, 12, 14.95, { offer: true, provider: "paypal" }),
      ],
    };
    const open = checkoutPlans(checkout, "USD", offerEnded(checkout.offer, null, NOW));
    expect(open.options.map((option) => option.id)).toEqual([21, 1, 4]);
    expect(open.featured?.id).toBe(21);
    expect([...open.offerIds]).toEqual([21, 22]);
    expect(open.packages.map((item) => item.id)).toEqual([1, 4, 21, 11, 22]);

    const later = Date.parse("2026-11-26T00:00:01Z");
    const ended = checkoutPlans(checkout, "USD", offerEnded(checkout.offer, null, later));
    expect(ended.options.map((option) => option.id)).toEqual([1, 4]);
    expect(ended.featured?.id).toBe(4);
    expect(ended.packages.map((item) => item.id)).toEqual([1, 4, 11]);
  });

  it("ends the offer when the server says so, when its deadline passes, or at the page's own deadline", () => {
    expect(offerEnded(running, null, NOW)).toBe(false);
    expect(offerEnded({ ...running, expired: true }, null, NOW)).toBe(true);
    expect(offerEnded(running, null, Date.parse("2026-11-26T00:00:00Z"))).toBe(true);
    // A visitor's deadline, kept by the page in the browser.
    const visitor = { hours: 4, started_at: null, ends_at: null, expired: false };
    expect(offerEnded(visitor, null, NOW)).toBe(false);
    expect(offerEnded(visitor, "2026-11-25T21:59:59Z", NOW)).toBe(true);
    expect(offerEnded(visitor, "2026-11-25T22:00:01Z", NOW)).toBe(false);
  });

  it("names the checkout by its type in the payment calls", () => {
    expect(checkoutRef({ id: 7, type: "promo" })).toEqual({ promo_checkout_id: 7 });
    expect(checkoutRef({ id: 8, type: "checkout" })).toEqual({ checkout_id: 8 });
  });

  it("sends a visitor to log in with the way back, buy=1, from=auth and checkout=promo for promo", () => {
    expect(loginPath("/promo/7", "", "promo")).toBe(`/login?redirect=${encodeURIComponent("/promo/7?buy=1")}&from=auth&checkout=promo`);
    expect(loginPath("/lead-checkout/8", "?lead=abc&buy=1", "checkout")).toBe(
      `/login?redirect=${encodeURIComponent("/lead-checkout/8?lead=abc&buy=1")}&from=auth`,
    );
  });
});
