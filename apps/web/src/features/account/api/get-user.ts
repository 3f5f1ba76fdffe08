import type { User } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/v1/user: the member (name, e-mail, an e-mail change waiting for confirmation). */
export const getUser = (signal?: AbortSignal) => api.get<User>("user", { signal, silent: true });

/** The member's own data; the account status (lib/account-status) sits below it, under ["user", …]. */
export const userKeys = {
  me: () => ["user"] as const,
};

export const userQueryOptions = () => queryOptions({ queryKey: userKeys.me(), queryFn: ({ signal }) => getUser(signal) });

/** The member; a failed load is only logged (spec 001 section 8), the page shows what it can. */
export const useUser = () => useQuery(userQueryOptions());
