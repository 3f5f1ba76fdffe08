import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/v1/user/confirm-remove/{code}: confirms the removal; the data goes within 5 days. */
export const confirmRemoval = (code: string) =>
  api.post("user/confirm-remove/{code}", { params: { code }, body: { device_name: "web" }, silent: true, endSessionOnUnauthorized: false });

export const confirmRemovalKeys = {
  code: (code: string) => ["confirm-remove", code] as const,
};

/** Runs once per code, on load; a second mount (strict mode) shares the call in flight. */
export const confirmRemovalOptions = (code: string) =>
  queryOptions({
    queryKey: confirmRemovalKeys.code(code),
    queryFn: () => confirmRemoval(code),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const useConfirmRemoval = (code: string) => useQuery(confirmRemovalOptions(code));
