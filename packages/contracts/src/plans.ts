import { z } from "zod";
import { CacheBuster } from "./common.ts";

/** Packages and checkouts (spec 000 sections 3 and 7). Amounts are decimals, as the paywall shows them. */

export const PLACEMENTS = ["after_locked_content", "after_registration", "after_trial_is_over"] as const;
export const PROVIDERS = ["stripe", "paypal"] as const;
export const CURRENCIES = ["EUR", "USD"] as const;

const invalid = (field: string) => `The selected ${field} is invalid.`;

export const Package = z
  .object({
    id: z.number().int(),
    /** 1, 3, 6 or 12; 0 for lifetime. */
    months: z.number().int(),
    provider: z.enum(PROVIDERS),
    currency: z.enum(CURRENCIES),
    /** Decimal amount, e.g. 14.99. */
    amount: z.number(),
    is_lifetime: z.boolean(),
    is_free_trial: z.boolean(),
    trial_days: z.number().int(),
    tags: z.array(z.string()),
    /**
     * Sold only during a checkout's timed offer (docs/decisions/030-honest-offers.md): listed by the
     * checkouts that carry it, never by GET /package/web, and refused once the buyer's offer has ended.
     */
    offer: z.boolean(),
  })
  .meta({ id: "Package" });
export type Package = z.infer<typeof Package>;

// GET /package/web
export const PackageListQuery = CacheBuster.extend({
  place: z.enum(PLACEMENTS, { error: invalid("place") }).optional(),
  currency: z.enum(CURRENCIES, { error: invalid("currency") }).optional(),
  provider: z.enum(PROVIDERS, { error: invalid("provider") }).optional(),
});
export type PackageListQuery = z.infer<typeof PackageListQuery>;

export const PackageListResponse = z.object({ data: z.array(Package) });
export type PackageListResponse = z.infer<typeof PackageListResponse>;

export const PackageResponse = z.object({ data: Package });
export type PackageResponse = z.infer<typeof PackageResponse>;

// GET /checkout/{id}, GET /user/checkout/{id}
export const CHECKOUT_THEMES = ["green-main", "white-main", "default", "vsl-type-2"] as const;
export type CheckoutTheme = (typeof CHECKOUT_THEMES)[number];

/**
 * A checkout's timed offer for one person (docs/decisions/030-honest-offers.md). The clock starts on
 * their first visit and never restarts: on the server for a member or a lead, in the browser for a
 * visitor (then `started_at` and `ends_at` are null and the page keeps its own deadline). Once it
 * has ended the offer packages are no longer listed or sold to that person.
 */
export const CheckoutOffer = z
  .object({
    /** The offer's length in hours (4 on the demo checkouts); 0 when the checkout has no offer packages. */
    hours: z.number().int(),
    started_at: z.string().nullable().describe("ISO 8601, UTC"),
    ends_at: z.string().nullable().describe("ISO 8601, UTC"),
    expired: z.boolean(),
  })
  .meta({ id: "CheckoutOffer" });
export type CheckoutOffer = z.infer<typeof CheckoutOffer>;

export const Checkout = z
  .object({
    id: z.number().int(),
    type: z.enum(["checkout", "promo"]),
    theme: z.enum(CHECKOUT_THEMES),
    /** The sales page copy this checkout is sold with (GET /sales-page/{slug}). */
    sales_page: z.string(),
    /** After a purchase, show 'Recommended For You Based On Your Answers' (GET /recommendation). */
    recommendations: z.boolean(),
    offer: CheckoutOffer,
    /** Regular packages and, while the person's offer runs, the offer packages (`offer: true`). */
    packages: z.array(Package),
  })
  .meta({ id: "Checkout" });
export type Checkout = z.infer<typeof Checkout>;

export const CheckoutResponse = z.object({ data: Checkout });

// GET /checkout/{id}: a lead arriving from an e-mail names itself, so its offer clock is kept on the server.
export const CheckoutQuery = CacheBuster.extend({
  lead: z.uuid({ error: "The selected lead is invalid." }).optional(),
});
export type CheckoutQuery = z.infer<typeof CheckoutQuery>;

// GET /user/checkout/{id}: a member's first visit may carry the deadline the browser kept while they were a visitor.
export const UserCheckoutQuery = CacheBuster.extend({
  started_at: z.iso.datetime({ error: "The started at must be a valid date." }).optional(),
});
export type UserCheckoutQuery = z.infer<typeof UserCheckoutQuery>;
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;
