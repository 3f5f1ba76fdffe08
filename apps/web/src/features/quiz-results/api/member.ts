import type { User } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /user: the signed-in member, for their goal. The key is the member's own (["user"]), shared with the account pages. */
export const getMember = (signal?: AbortSignal) => api.get<User>("user", { signal, silent: true });

export const memberQueryOptions = () => queryOptions({ queryKey: ["user"] as const, queryFn: ({ signal }) => getMember(signal) });

export const useMember = (enabled: boolean) => useQuery({ ...memberQueryOptions(), enabled });
