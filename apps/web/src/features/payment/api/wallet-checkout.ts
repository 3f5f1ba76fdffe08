import { api } from "../../../lib/api-client";
import type { CheckoutRef } from "../model";

/** GET /api/v1/paypal/subscription: where the wallet's approval page is for this package. */
export const getWalletCheckout = (input: { package_id: number; timezone: string } & CheckoutRef) =>
  api.get("paypal/subscription", { query: { ...input }, silent: true });
