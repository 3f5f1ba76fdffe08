import type { AccountStatusResponse } from "@serene/contracts";
import { toUtcSecond, type OfferPlace } from "@serene/domain";
import type { SubscriptionRow } from "./subscriptions.repository.ts";

const FREE_MEMBER: AccountStatusResponse = {
  subscription_type: null,
  member_since: null,
  subscription_via: null,
  status: null,
  current_period_end: null,
  can_cancel: false,
  can_upgrade: false,
  offer_place: "after_locked_content",
};

/** The settings page's view of the current subscription (all null for a free member). */
export function presentAccountStatus(
  current: SubscriptionRow | null,
  may?: { canCancel: boolean; canUpgrade: boolean },
  offerPlace: OfferPlace = "after_locked_content",
): AccountStatusResponse {
  if (!current) return { ...FREE_MEMBER, offer_place: offerPlace };
  return {
    subscription_type: current.planType,
    member_since: toUtcSecond(current.startedAt),
    subscription_via: current.provider,
    status: current.status,
    current_period_end: current.currentPeriodEnd ? toUtcSecond(current.currentPeriodEnd) : null,
    can_cancel: may?.canCancel ?? false,
    can_upgrade: may?.canUpgrade ?? false,
    offer_place: offerPlace,
  };
}
