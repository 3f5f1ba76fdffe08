import type { AccountStatusResponse } from "@serene/contracts";
import { canPlay } from "@serene/domain";
import { isSubscriber, useAccountStatus } from "../../../lib/server-data/account-status";

export interface Membership {
  /** The account status is still on its way. */
  loading: boolean;
  /** A premium, free-trial or corporate member (spec 001 section 6). */
  subscriber: boolean;
  /** The 'Unlock {product}' button: a free member whose status has loaded (spec 001 section 2). */
  showUnlock: boolean;
  /** True when this member may not open the item, so its card opens the subscription offer. */
  isLocked: (item: { free: boolean }) => boolean;
}

/** Who the member is for the catalogue: a subscriber opens everything, anyone else only free items. */
export function membershipOf(status: AccountStatusResponse | undefined, loading: boolean): Membership {
  const subscriber = isSubscriber(status);
  return {
    loading,
    subscriber,
    showUnlock: !loading && status !== undefined && !subscriber,
    isLocked: (item) => !canPlay(item, subscriber),
  };
}

export function useMembership(): Membership {
  const status = useAccountStatus();
  return membershipOf(status.data, status.isPending);
}
