import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { isTransient } from "./idempotent-request";
import { paymentKeys } from "./payment-keys";

/** POST /api/v1/paypal/success-transaction: the wallet's return query, passed through, under its `Idempotency-Key`; no global error. */
export const completeWalletPurchase = (query: Record<string, string>, idempotencyKey: string, signal?: AbortSignal) =>
  api.post("paypal/success-transaction", { body: query, idempotencyKey, signal, silent: true });

/** GET /api/v1/paypal/cancel-transaction: the member turned the wallet checkout down. */
export const cancelWalletPurchase = (token: string) => api.get("paypal/cancel-transaction", { query: { token }, silent: true });

/** The wallet purchase completes once per return (the key comes from the wallet's token); kept so a remount never posts again. */
export const useWalletPurchaseCompletion = (query: Record<string, string>, idempotencyKey: string | null, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.walletReturn(idempotencyKey),
    queryFn: () => completeWalletPurchase(query, idempotencyKey!),
    enabled: Boolean(idempotencyKey) && enabled,
    retry: (count, error) => isTransient(error) && count < 2,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** Tells the server, once, that the member turned the wallet checkout down. */
export const useWalletCancellation = (token: string | null, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.walletCancel(token),
    queryFn: () => cancelWalletPurchase(token!),
    enabled: Boolean(token) && enabled,
    retry: false,
    staleTime: Infinity,
  });
