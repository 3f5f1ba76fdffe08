import type { AccountStatusResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

/** GET /api/v1/user/account-status: subscription type, member since, subscription via (null for a free member). */
export const getAccountStatus = (signal?: AbortSignal) => api.get<AccountStatusResponse>("user/account-status", { signal, silent: true });

/** One key for the whole members' area, so one answer serves every page and a purchase refreshes them all. */
export const accountStatusQueryKey = ["user", "account-status"] as const;

export const accountStatusQueryOptions = () =>
  queryOptions({ queryKey: accountStatusQueryKey, queryFn: ({ signal }) => getAccountStatus(signal), staleTime: 60_000 });

/** The signed-in member's account status; pass false to leave it unasked (a visitor without a token). */
export const useAccountStatus = (enabled = true) => useQuery({ ...accountStatusQueryOptions(), enabled });
