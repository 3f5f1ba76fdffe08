import type { SavePaymentMethodBody } from "@serene/contracts";
import { useQuery, type Query } from "@tanstack/react-query";
import { ApiError, api } from "../../api-client";

/**
 * Paying (decision 057: buying's one home): the card's setup intent and purchase, the wallet's
 * checkout, return and cancellation, the offline sandbox card. Every purchase call carries an
 * `Idempotency-Key` and reports no global error: the payment screens show their own messages.
 */

/** Which checkout a purchase belongs to, when it comes from one (a promo or a plain checkout). */
export interface CheckoutRef {
  checkout_id?: number;
  promo_checkout_id?: number;
}

/** Every payment call's query sits under "payment": they spend a key or a token and must not run again on their own. */
export const paymentKeys = {
  all: ["payment"] as const,
  setupIntent: () => [...paymentKeys.all, "setup-intent"] as const,
  walletReturn: (idempotencyKey: string | null) => [...paymentKeys.all, "wallet-return", idempotencyKey] as const,
  walletCancel: (token: string | null) => [...paymentKeys.all, "wallet-cancel", token] as const,
};

/** After a purchase the member's status changed: every cached query is refreshed except the payment calls themselves. */
export const memberDataAfterPurchase = {
  predicate: (query: Pick<Query, "queryKey">) => query.queryKey[0] !== paymentKeys.all[0],
};

/** A failure worth retrying with the same key: no answer, or the server's own trouble. */
export const isTransient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/** GET /api/v1/stripe/setup-intent: the card form's key, the setup's client secret, live or sandbox. */
export const getSetupIntent = (signal?: AbortSignal) => api.get("stripe/setup-intent", { signal, silent: true });

/** A setup intent while the card form is shown; a new one after a purchase attempt used it up. */
export const useSetupIntent = (enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.setupIntent(),
    queryFn: ({ signal }) => getSetupIntent(signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });

/**
 * POST /api/v1/stripe/payment-method: buys the package with the confirmed card. The key stays the
 * same when the member retries the same purchase, so it is never charged twice (the `Idempotency-Key`
 * header). It reports no global error: the payment screens show their own messages.
 */
export const savePaymentMethod = (body: SavePaymentMethodBody, idempotencyKey: string) =>
  api.post("stripe/payment-method", { body, idempotencyKey, silent: true });

/** GET /api/v1/paypal/subscription: where the wallet's approval page is for this package. */
export const getWalletCheckout = (input: { package_id: number; timezone: string } & CheckoutRef) =>
  api.get("paypal/subscription", { query: { ...input }, silent: true });

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

export interface SandboxCardInput {
  client_secret: string;
  number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
}

/**
 * POST /api/v1/sandbox/card/confirm: the offline processor's counterpart of Stripe.js
 * confirmCardSetup. 402 {message} for a declined card, 422 with field errors.
 */
export const confirmSandboxCard = (input: SandboxCardInput) => api.post("sandbox/card/confirm", { body: input, silent: true });
