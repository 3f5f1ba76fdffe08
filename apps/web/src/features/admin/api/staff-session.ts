import type { AcceptInvitationBody, StaffSession, StaffSignInBody } from "@serene/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { asStaff, clearStaffToken, getStaffToken, setStaffToken } from "./staff-token";

/**
 * The operator console's sign-in (decision 067): the password, then a code; an invitation accepted and
 * confirmed; the signed-in member of staff. Every call goes `asStaff()` (the staff token, never the
 * member's); forms show their own messages, so failures stay out of the global toast.
 */
export const staffKeys = {
  all: ["staff"] as const,
  me: () => [...staffKeys.all, "me"] as const,
  invitation: (token: string) => [...staffKeys.all, "invitation", token] as const,
  list: () => [...staffKeys.all, "list"] as const,
  sessions: () => [...staffKeys.all, "sessions"] as const,
  audit: (page: number) => [...staffKeys.all, "audit", page] as const,
};

/** GET /admin/me: the signed-in member of staff with their role's permissions. */
export const meQuery = () =>
  queryOptions({
    queryKey: staffKeys.me(),
    queryFn: ({ signal }) => api.get("admin/me", { signal, ...asStaff() }),
    enabled: Boolean(getStaffToken()),
    retry: false,
    staleTime: 60_000,
  });
export const useStaffMe = () => useQuery(meQuery());

/** POST /admin/sign-in: the password; answers the challenge for the code. */
export const useStaffSignIn = () =>
  useMutation({ mutationFn: (body: StaffSignInBody) => api.post("admin/sign-in", { body, ...asStaff() }) });

/** Keeps a new staff session and forgets what the console knew of the one before. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (session: StaffSession) => {
    queryClient.removeQueries({ queryKey: staffKeys.all });
    setStaffToken(session.token);
    queryClient.setQueryData(staffKeys.me(), session.staff);
  };
}

/** POST /admin/sign-in/verify: a code from the authenticator app or a recovery code; signs in. */
export function useStaffVerify() {
  const start = useStartSession();
  return useMutation({
    mutationFn: (body: { challenge: string; code: string }) => api.post("admin/sign-in/verify", { body, ...asStaff() }),
    onSuccess: start,
  });
}

/** GET /admin/invitations/{token}: what an invitation is for (a 404 is the page's own message). */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: staffKeys.invitation(token),
    queryFn: ({ signal }) => api.get("admin/invitations/{token}", { params: { token }, signal, ...asStaff() }),
    enabled: token.length > 0,
    retry: false,
  });

/** POST /admin/invitations/{token}/accept: a name and a password; answers the secret for the authenticator app. */
export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: AcceptInvitationBody) => api.post("admin/invitations/{token}/accept", { params: { token }, body, ...asStaff() }),
  });

/** POST /admin/invitations/{token}/confirm: the app's first code; signs in and answers the recovery codes, once. */
export function useConfirmInvitation(token: string) {
  const start = useStartSession();
  return useMutation({
    mutationFn: (code: string) => api.post("admin/invitations/{token}/confirm", { params: { token }, body: { code }, ...asStaff() }),
    onSuccess: start,
  });
}

/** POST /admin/sign-out: ends this session; the token goes whatever the answer. */
export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("admin/sign-out", asStaff()),
    onSettled: () => {
      clearStaffToken();
      queryClient.removeQueries({ queryKey: staffKeys.all });
    },
  });
}
