import type { Package } from "@serene/contracts";

/**
 * A package as GET /package/web answers it: a card (stripe) package in USD, no trial, no tags,
 * unless `extra` says otherwise.
 */
export const pkg = (id: number, months: number, amount: number, extra: Partial<Package> = {}): Package => ({
  id,
  months,
  provider: "stripe",
  currency: "USD",
  amount,
  is_lifetime: false,
  is_free_trial: false,
  trial_days: 0,
  tags: [],
  offer: false,
  ...extra,
});
