import { isSubscriber, useAccountStatus } from "../../../lib/server-data/account-status";

/** True for a subscriber, false for a free member (or when the status cannot be had), null while unknown. */
export function useIsSubscriber(): boolean | null {
  const status = useAccountStatus();
  if (!status.data) return status.isError ? false : null;
  return isSubscriber(status.data);
}
