import type { PurchaseResponse, SavePaymentMethodBody } from "@serene/contracts";
import { postIdempotent } from "./idempotent-request";

/**
 * POST /api/v1/stripe/payment-method: buys the package with the confirmed card. The key stays the
 * same when the member retries the same purchase, so it is never charged twice.
 */
export const savePaymentMethod = (body: SavePaymentMethodBody, idempotencyKey: string) =>
  postIdempotent<PurchaseResponse>("stripe/payment-method", body, idempotencyKey);
