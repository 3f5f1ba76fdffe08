import type { AccountStatusResponse } from "@serene/contracts";
import { currentSubscription, isEntitled, toUtcSecond } from "@serene/domain";
import type { SubscriptionRow, SubscriptionsRepository } from "./subscriptions.repository";

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
      if (!current) return { subscription_type: null, member_since: null, subscription_via: null };
      return {
        subscription_type: current.planType,
        member_since: toUtcSecond(current.startedAt),
        subscription_via: current.provider,
      };
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
