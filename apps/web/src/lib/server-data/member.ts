import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

/**
 * GET /user: the signed-in member (name, e-mail, goal, an e-mail change waiting for confirmation).
 * The account pages, the quiz results, the home page, workbooks and the sales checkout read it.
 * Its key sits beside the member's other data under ["user", …] without being a prefix of it
 * (the account status is ["user", "account-status"], the receipts ["user", "receipts"]).
 */
export const memberKeys = {
  all: ["user"] as const,
  me: () => [...memberKeys.all, "me"] as const,
};

/**
 * A failed load is only logged (spec 001 section 8): the call is silent. `keepSession`: a 401 leaves
 * the person signed out where they are instead of ending the session (the removal request page is for everyone).
 */
export const getMember = (signal?: AbortSignal, { keepSession = false }: { keepSession?: boolean } = {}) =>
  api.get("user", { signal, silent: true, ...(keepSession ? { endSessionOnUnauthorized: false } : {}) });

export const memberQueryOptions = ({ keepSession = false }: { keepSession?: boolean } = {}) =>
  queryOptions({ queryKey: memberKeys.me(), queryFn: ({ signal }) => getMember(signal, { keepSession }) });

/** The member; pass enabled false for a visitor without a token. */
export const useMember = (enabled = true, { keepSession = false, retry = true }: { keepSession?: boolean; retry?: boolean } = {}) =>
  useQuery({ ...memberQueryOptions({ keepSession }), enabled, ...(retry ? {} : { retry: false }) });
