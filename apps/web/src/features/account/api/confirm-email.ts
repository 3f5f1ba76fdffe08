import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/v1/user/confirm-email/{code}: confirms a new e-mail address from its e-mailed link. */
export const confirmEmail = (code: string) => api.post("user/confirm-email/{code}", { params: { code }, body: {}, silent: true });

export const confirmEmailKeys = {
  code: (code: string) => ["confirm-email", code] as const,
};

/** Runs once per code, on load; a second mount (strict mode) shares the call in flight. */
export const confirmEmailOptions = (code: string) =>
  queryOptions({ queryKey: confirmEmailKeys.code(code), queryFn: () => confirmEmail(code), staleTime: Infinity, gcTime: 0, retry: false });

export const useConfirmEmail = (code: string) => useQuery(confirmEmailOptions(code));
