import type { PaymentProvider } from "@serene/contracts";
import { PAYMENT_PROVIDERS } from "@serene/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../api-client";

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
