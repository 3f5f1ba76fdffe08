import { z } from "zod";
import { CacheBuster } from "./common";

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
export const Checkout = z
  .object({
    id: z.number().int(),
    type: z.enum(["checkout", "promo"]),
    theme: z.enum(["green-main", "white-main", "default", "vsl-type-2"]),
    packages: z.array(Package),
  })
  .meta({ id: "Checkout" });
export type Checkout = z.infer<typeof Checkout>;

export const CheckoutResponse = z.object({ data: Checkout });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;
