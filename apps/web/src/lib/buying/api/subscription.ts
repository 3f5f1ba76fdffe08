import type { ChangePlanBody, PaymentProvider, PurchaseResponse } from "@serene/contracts";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../api-client";
import type { MutationCallbacks } from "../../server-data/mutation-callbacks";
import { isPaymentProvider } from "./billing";

export const upgradePreviewKeys = {
  all: ["upgrade-preview"] as const,
  preview: (provider: PaymentProvider, packageId: number) => [...upgradePreviewKeys.all, provider, packageId] as const,
};

/**
 * GET /{provider}/subscription/preview?package_id=: what the upgrade to annual costs today, the
 * annual price less the credit for the unused part of the paid period (decision 053). The error
 * toast stays quiet: the confirmation says itself when it could not be worked out.
 */
export const getUpgradePreview = (provider: PaymentProvider, packageId: number, signal?: AbortSignal) =>
  api.get("{provider}/subscription/preview", { params: { provider }, signal, silent: true, query: { package_id: String(packageId) } });

/** Asked afresh each time the confirmation opens: the credit shrinks as the period runs. */
export const upgradePreviewQueryOptions = (provider: PaymentProvider, packageId: number) =>
  queryOptions({
    queryKey: upgradePreviewKeys.preview(provider, packageId),
    queryFn: ({ signal }) => getUpgradePreview(provider, packageId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });

export const useUpgradePreview = (provider: PaymentProvider | null, packageId: number | null) =>
  useQuery({
    ...upgradePreviewQueryOptions(provider ?? "stripe", packageId ?? 0),
    enabled: provider !== null && packageId !== null,
  });

/**
 * PUT /{provider}/subscription {package_id, quoted_at}: the upgrade to annual, sent with an
 * `Idempotency-Key` (one per attempt) so a repeated request never changes the plan twice, and with
 * the preview's moment so the member is charged what they were shown.
 */
export function changePlan(
  provider: PaymentProvider,
  packageId: number,
  idempotencyKey: string,
  quotedAt?: string | null,
): Promise<PurchaseResponse> {
  const body: ChangePlanBody = quotedAt ? { package_id: packageId, quoted_at: quotedAt } : { package_id: packageId };
  return api.put("{provider}/subscription", { params: { provider }, body, idempotencyKey });
}

/** DELETE /subscription/web/cancel/{provider in lower case}; failures are ignored (spec 001 section 8). */
export const cancelSubscription = (provider: string) =>
  api.delete("subscription/web/cancel/{provider}", { params: { provider: provider.toLowerCase() }, silent: true });

export interface PlanChange {
  /** The provider the member pays through, in lower case. */
  provider: string;
  packageId: number;
  idempotencyKey: string;
  quotedAt: string | null;
}

/** The upgrade to annual; the page reloads (or goes to the provider's approval) after it. */
export const useChangePlan = ({ onSuccess, onError }: MutationCallbacks<PurchaseResponse> = {}) =>
  useMutation({
    mutationFn: ({ provider, packageId, idempotencyKey, quotedAt }: PlanChange) => {
      if (!isPaymentProvider(provider)) throw new Error(`Plans through ${provider} are changed elsewhere.`);
      return changePlan(provider, packageId, idempotencyKey, quotedAt);
    },
    onSuccess,
    onError,
  });

/** Canceling; the page reloads after it. */
export const useCancelSubscription = ({ onSuccess, onError }: MutationCallbacks<unknown> = {}) =>
  useMutation({ mutationFn: cancelSubscription, onSuccess, onError });

/** POST /subscription/web/resume/{provider}: the server's message shows as the error toast when refused. */
export const resumeSubscription = (provider: PaymentProvider) => api.post("subscription/web/resume/{provider}", { params: { provider } });

/** Resuming a canceled subscription; the page reloads after it, so nothing cached is touched. */
export const useResumeSubscription = ({ onSuccess, onError }: MutationCallbacks<unknown> = {}) =>
  useMutation({
    mutationFn: (provider: string | null) => {
      if (!isPaymentProvider(provider)) throw new Error("This subscription is managed elsewhere.");
      return resumeSubscription(provider);
    },
    onSuccess,
    onError,
  });
