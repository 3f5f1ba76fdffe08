import type { Query } from "@tanstack/react-query";

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
