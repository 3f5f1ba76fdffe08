import type { AccountStatusResponse } from "@serene/contracts";
import { canCancel, canUpgradeToAnnual, currentSubscription, isEntitled, lifecycleFromJson, toUtcSecond } from "@serene/domain";
import type { SubscriptionRow, SubscriptionsRepository } from "./subscriptions.repository";

const FREE_MEMBER: AccountStatusResponse = {
  subscription_type: null,
  member_since: null,
  subscription_via: null,
  status: null,
  current_period_end: null,
  can_cancel: false,
  can_upgrade: false,
};
/** Subscriptions a payment provider bills (demo and corporate ones are not cancelled or changed here). */
const BILLED_PROVIDERS = new Set(["stripe", "paypal"]);
const CANCELABLE = new Set(["trialing", "active", "past_due"]);
const UPGRADABLE = new Set(["Monthly", "3 Months", "6 Months"]);

/** Who holds a current subscription, and what the settings page shows about it. */
export function createSubscriptionsService(repository: SubscriptionsRepository, now: () => Date = () => new Date()) {
  return {
    /** The subscription that gives access now, if any. */
    async current(userId: string): Promise<SubscriptionRow | null> {
      return currentSubscription(await repository.forUser(userId), now());
    },
    /** Whether the member may play locked content (premium, free trial or corporate). */
    isSubscriber: (rows: readonly SubscriptionRow[]) => rows.some((row) => isEntitled(row, now())),
    async accountStatus(userId: string): Promise<AccountStatusResponse> {
      const current = currentSubscription(await repository.forUser(userId), now());
      if (!current) return FREE_MEMBER;
      const billed = BILLED_PROVIDERS.has(current.provider);
      const state = lifecycleFromJson(current.lifecycle);
      const at = now();
      return {
        subscription_type: current.planType,
        member_since: toUtcSecond(current.startedAt),
        subscription_via: current.provider,
        status: current.status,
        current_period_end: current.currentPeriodEnd ? toUtcSecond(current.currentPeriodEnd) : null,
        // Billed subscriptions answer from their lifecycle state; rows without one (set by hand) from their columns.
        can_cancel: billed && (state ? canCancel(state, at) : CANCELABLE.has(current.status)),
        can_upgrade: billed && (state ? canUpgradeToAnnual(state, at) : (current.status === "active" || current.status === "canceled") && UPGRADABLE.has(current.planType)),
      };
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
