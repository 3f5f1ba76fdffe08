import type { AccountStatusResponse } from "@serene/contracts";
import {
  canCancel,
  canUpgradeToAnnual,
  currentSubscription,
  isEntitled,
  lifecycleFromJson,
  offerPlace,
  type OfferPlace,
  type SubscriptionState,
} from "@serene/domain";
import { presentAccountStatus } from "./subscriptions.presenter.ts";
import type { SubscriptionRow, SubscriptionsRepository } from "./subscriptions.repository.ts";

/** Subscriptions a payment provider bills (demo and corporate ones are not cancelled or changed here). */
const BILLED_PROVIDERS = new Set(["stripe", "paypal"]);
const CANCELABLE = new Set(["trialing", "active", "past_due"]);
const UPGRADABLE = new Set(["Monthly", "3 Months", "6 Months"]);
const FREE_TRIAL = "Free trial";

/**
 * Where the member's subscription offer takes its packages from (docs/decisions/030-honest-offers.md):
 * a subscription with a lifecycle knows whether it began with a trial and whether money was ever taken
 * (its period is still the trial's when not); a row without one (set by hand) reads its plan type.
 */
function placeOfOffer(rows: readonly SubscriptionRow[], at: Date): OfferPlace {
  return offerPlace(
    rows.map((row) => {
      const state = lifecycleFromJson(row.lifecycle);
      const startedWithTrial = state ? state.facts.startedWithTrial : row.planType === FREE_TRIAL;
      const charged = state ? state.status === "lifetime" || state.facts.period?.trial === false : row.planType !== FREE_TRIAL;
      return { startedAt: row.startedAt, startedWithTrial, charged, entitled: isEntitled(row, at) };
    }),
  );
}

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
    /**
     * Whether the member's subscriptions opened locked content at some moment between `from` and `to` (a
     * listening session's start, give or take the member's clock): a subscription that had begun by `to` and
     * still gave access at `from`. One query of the member's subscriptions.
     */
    async mayPlayLockedBetween(userId: string, from: Date, to: Date): Promise<boolean> {
      return (await repository.forUser(userId)).some((row) => row.startedAt <= to && isEntitled(row, from));
    },
    byId: (id: string) => repository.byId(id),
    /** Every subscription the member ever had, latest first. */
    history: (userId: string): Promise<SubscriptionRow[]> => repository.forUser(userId),
    /** The subscription that gives access now, if any. */
    async current(userId: string): Promise<SubscriptionRow | null> {
      return currentSubscription(await repository.forUser(userId), now());
    },
    async accountStatus(userId: string): Promise<AccountStatusResponse> {
      const rows = await repository.forUser(userId);
      const current = currentSubscription(rows, now());
      if (!current) return presentAccountStatus(null, undefined, placeOfOffer(rows, now()));
      const billed = BILLED_PROVIDERS.has(current.provider);
      const state = lifecycleFromJson(current.lifecycle);
      const at = now();
      return presentAccountStatus(
        current,
        {
          // Billed subscriptions answer from their lifecycle state; rows without one (set by hand) from their columns.
          canCancel: billed && (state ? canCancel(state, at) : CANCELABLE.has(current.status)),
          canUpgrade:
            billed &&
            (state
              ? canUpgradeToAnnual(state, at)
              : (current.status === "active" || current.status === "canceled") && UPGRADABLE.has(current.planType)),
        },
        placeOfOffer(rows, at),
      );
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
