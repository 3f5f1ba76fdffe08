import type { ChangePlanBody, Package, PackageListResponse, PaymentProvider, PurchaseResponse } from "@serene/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * GET /package/web: every web package of both providers, as the API answers them, for the
 * unlock-monthly and upgrade-to-annual offers and the payment dialog. The domain's choosePackage
 * then takes the region's currency, falling back to USD (spec 000 section 5).
 */
export const webPackagesQueryKey = ["packages", "web", "all"] as const;

export function useWebPackages(enabled = true) {
  return useQuery<Package[]>({
    queryKey: webPackagesQueryKey,
    queryFn: async ({ signal }) => (await api.get<PackageListResponse>("package/web", { signal })).data,
    enabled,
    staleTime: 5 * 60_000,
  });
}

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
