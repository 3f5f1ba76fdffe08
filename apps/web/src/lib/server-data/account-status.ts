import type { AccountStatusResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

/** GET /api/v1/user/account-status: subscription type, member since, subscription via (null for a free member). */
export const getAccountStatus = (signal?: AbortSignal) => api.get("user/account-status", { signal, silent: true });

/** One key for the whole members' area, so one answer serves every page and a purchase refreshes them all. */
export const accountStatusKeys = {
  status: () => ["user", "account-status"] as const,
};

export const accountStatusQueryOptions = () =>
  queryOptions({ queryKey: accountStatusKeys.status(), queryFn: ({ signal }) => getAccountStatus(signal), staleTime: 60_000 });

/** The signed-in member's account status; pass false to leave it unasked (a visitor without a token). */
export const useAccountStatus = (enabled = true) => useQuery({ ...accountStatusQueryOptions(), enabled });

/**
 * A premium, free-trial or corporate member. A member without a subscription_type (null or an
 * empty string) is a free member (spec 000 and spec 001, roles and permissions): they open free
 * items only and are offered the upgrade. The one rule every page asks.
 */
export function isSubscriber(status: Pick<AccountStatusResponse, "subscription_type"> | null | undefined): boolean {
  return typeof status?.subscription_type === "string" && status.subscription_type !== "";
}
