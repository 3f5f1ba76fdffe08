import type { PurchaseResponse } from "@serene/contracts";
import { api } from "../../../lib/api-client";
import { postIdempotent } from "./idempotent-request";

/** POST /api/v1/paypal/success-transaction: the wallet's return query, passed through. */
export const completeWalletPurchase = (query: Record<string, string>, idempotencyKey: string, signal?: AbortSignal) =>
  postIdempotent<PurchaseResponse>("paypal/success-transaction", query, idempotencyKey, signal);

/** GET /api/v1/paypal/cancel-transaction: the member turned the wallet checkout down. */
export const cancelWalletPurchase = (token: string) =>
  api.get<unknown>("paypal/cancel-transaction", { query: { token }, silent: true });
