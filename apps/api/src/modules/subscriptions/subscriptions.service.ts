import type { AccountStatusResponse } from "@serene/contracts";
import { canCancel, canUpgradeToAnnual, currentSubscription, isEntitled, lifecycleFromJson, type SubscriptionState } from "@serene/domain";
import { presentAccountStatus } from "./subscriptions.presenter";
import type { SubscriptionRow, SubscriptionsRepository } from "./subscriptions.repository";

/** Subscriptions a payment provider bills (demo and corporate ones are not cancelled or changed here). */
const BILLED_PROVIDERS = new Set(["stripe", "paypal"]);
const CANCELABLE = new Set(["trialing", "active", "past_due"]);
const UPGRADABLE = new Set(["Monthly", "3 Months", "6 Months"]);

/**
 * The one owner of the question "may this member play locked content", and of what a member's
 * subscriptions say. Content, media and payments ask it; nobody else reads the table for it.
 */
export function createSubscriptionsService(repository: SubscriptionsRepository, now: () => Date = () => new Date()) {
  return {
    /**
     * Whether the member may play locked content (premium, free trial or corporate), from the
     * subscriptions their sign-in already read with the token: no query of its own.
     */
    mayPlayLocked: (member: { subscriptions: readonly SubscriptionState[] }) => member.subscriptions.some((row) => isEntitled(row, now())),
    byId: (id: string) => repository.byId(id),
    /** Every subscription the member ever had, latest first. */
    history: (userId: string): Promise<SubscriptionRow[]> => repository.forUser(userId),
    /** The subscription that gives access now, if any. */
    async current(userId: string): Promise<SubscriptionRow | null> {
      return currentSubscription(await repository.forUser(userId), now());
    },
    async accountStatus(userId: string): Promise<AccountStatusResponse> {
      const current = currentSubscription(await repository.forUser(userId), now());
      if (!current) return presentAccountStatus(null);
      const billed = BILLED_PROVIDERS.has(current.provider);
      const state = lifecycleFromJson(current.lifecycle);
      const at = now();
      return presentAccountStatus(current, {
        // Billed subscriptions answer from their lifecycle state; rows without one (set by hand) from their columns.
        canCancel: billed && (state ? canCancel(state, at) : CANCELABLE.has(current.status)),
        canUpgrade:
          billed &&
          (state
            ? canUpgradeToAnnual(state, at)
            : (current.status === "active" || current.status === "canceled") && UPGRADABLE.has(current.planType)),
      });
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
