import type { ChangePlanBody, PaymentProvider, PurchaseResponse } from "@serene/contracts";
import { api } from "../../../lib/api-client";

/**
 * PUT /{provider}/subscription {package_id}: the upgrade to annual, sent with an `Idempotency-Key`
 * (one per attempt) so a repeated request never changes the plan twice.
 */
export function changePlan(provider: PaymentProvider, packageId: number, idempotencyKey: string): Promise<PurchaseResponse> {
  const body: ChangePlanBody = { package_id: packageId };
  return api.put<PurchaseResponse>(`${provider}/subscription`, { body, idempotencyKey });
}

/** DELETE /subscription/web/cancel/{provider in lower case}; failures are ignored (spec 001 section 8). */
export const cancelSubscription = (provider: string) =>
  api.delete<unknown>(`subscription/web/cancel/${encodeURIComponent(provider.toLowerCase())}`, { silent: true });
