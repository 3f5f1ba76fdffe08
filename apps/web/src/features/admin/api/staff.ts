import type { StaffInviteBody, StaffRoleBody } from "@serene/contracts";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { asStaff } from "./staff-token";
import { staffKeys } from "./staff-session";

/** The owners' room (decision 067): every staff account, invitations, roles, disabling; the audit log; one's own sessions. */

/** GET /admin/staff. */
export const useStaffList = () =>
  useQuery({ queryKey: staffKeys.list(), queryFn: ({ signal }) => api.get("admin/staff", { signal, ...asStaff() }) });

/** The staff list and the audit log load again after an owner's change. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: staffKeys.list() });
    void queryClient.invalidateQueries({ queryKey: [...staffKeys.all, "audit"] });
  };
}

/** POST /admin/staff: invites an address with a role (the form shows a 422's messages). */
export function useInviteStaff() {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: (body: StaffInviteBody) => api.post("admin/staff", { body, ...asStaff() }),
    onSuccess: changed,
  });
}

/** PATCH /admin/staff/{id}: another role. */
export function useChangeRole() {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: ({ id, role }: { id: string } & StaffRoleBody) =>
      api.patch("admin/staff/{id}", { params: { id }, body: { role }, ...asStaff() }),
    onSuccess: changed,
  });
}

/** POST /admin/staff/{id}/disable: the account's sessions end at once. */
export function useDisableStaff() {
  const changed = useAfterChange();
  return useMutation({
    mutationFn: (id: string) => api.post("admin/staff/{id}/disable", { params: { id }, ...asStaff() }),
    onSuccess: changed,
  });
}

/** Entries a page of the audit log. */
export const AUDIT_PER_PAGE = 25;

/** GET /admin/audit: newest first. */
export const useAudit = (page: number) =>
  useQuery({
    queryKey: staffKeys.audit(page),
    queryFn: ({ signal }) => api.get("admin/audit", { query: { page, per_page: AUDIT_PER_PAGE }, signal, ...asStaff() }),
    placeholderData: keepPreviousData,
  });

/** GET /admin/audit.csv: the whole log as a file. */
export const downloadAudit = () => api.download("admin/audit.csv", "audit-log.csv", asStaff());

/** GET /admin/sessions: this member of staff's live sessions. */
export const useStaffSessions = () =>
  useQuery({ queryKey: staffKeys.sessions(), queryFn: ({ signal }) => api.get("admin/sessions", { signal, ...asStaff() }) });

/** DELETE /admin/sessions/{id}. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("admin/sessions/{id}", { params: { id }, ...asStaff() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.sessions() }),
  });
}
