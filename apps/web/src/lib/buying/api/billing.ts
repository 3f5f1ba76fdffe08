import type { PaymentProvider } from "@serene/contracts";
import { PAYMENT_PROVIDERS } from "@serene/domain";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../api-client";
import type { MutationCallbacks } from "../../server-data/mutation-callbacks";

/** GET /user/billing: price, next charge, what pays, and whether a cancellation can be taken back (decision 039). */
export const getBilling = (signal?: AbortSignal) => api.get("user/billing", { signal, silent: true });

/** One key for every page that reads the member's billing: settings and the welcome after a purchase. */
export const billingKeys = {
  billing: () => ["user", "billing"] as const,
};

export const billingQueryOptions = () => queryOptions({ queryKey: billingKeys.billing(), queryFn: ({ signal }) => getBilling(signal) });

/** The signed-in member's billing; pass false to leave it unasked. */
export const useBilling = (enabled = true) => useQuery({ ...billingQueryOptions(), enabled });

/** A provider this app can change a subscription with (the others are managed elsewhere). */
export const isPaymentProvider = (value: string | null): value is PaymentProvider =>
  value !== null && (PAYMENT_PROVIDERS as readonly string[]).includes(value);

export const receiptKeys = {
  all: ["user", "receipts"] as const,
  detail: (id: string) => [...receiptKeys.all, id] as const,
};

/** GET /user/receipts: every charge taken, newest first. */
export const getReceipts = () => api.get("user/receipts", { silent: true });

export const useReceipts = () => useQuery({ queryKey: receiptKeys.all, queryFn: getReceipts });

/** GET /user/receipts/{id}: one receipt (another member's is not found). */
export const getReceipt = (id: string) => api.get("user/receipts/{id}", { params: { id }, silent: true });

/** A receipt that is not there is not asked for again. */
export const useReceipt = (id: string) =>
  useQuery({
    queryKey: receiptKeys.detail(id),
    queryFn: () => getReceipt(id),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

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
