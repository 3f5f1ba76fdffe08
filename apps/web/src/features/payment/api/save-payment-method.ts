import type { SavePaymentMethodBody } from "@serene/contracts";
import { api } from "../../../lib/api-client";

/**
 * POST /api/v1/stripe/payment-method: buys the package with the confirmed card. The key stays the
 * same when the member retries the same purchase, so it is never charged twice (the `Idempotency-Key`
 * header). It reports no global error: the payment screens show their own messages.
 */
export const savePaymentMethod = (body: SavePaymentMethodBody, idempotencyKey: string) =>
  api.post("stripe/payment-method", { body, idempotencyKey, silent: true });
