import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { memberKeys } from "../../../lib/server-data/member";

/*
 * The member's own write lives with the one page that makes it (the account form); the member as read
 * by every page is lib/server-data/member.ts, whose cached answer this write replaces.
 */

export interface UpdateMemberValues {
  name: string;
  email: string;
}

/**
 * PUT /user as form data. A new e-mail address waits for its confirmation link; until then the
 * answer carries it as pending_email. Failures are silent (spec 001 section 8).
 */
export function updateMember({ name, email }: UpdateMemberValues) {
  const form = new FormData();
  form.set("name", name);
  form.set("email", email);
  form.set("platform", "web");
  return api.put("user", { form, silent: true });
}

/** The answer is the member as saved: it replaces the cached one. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMember, onSuccess: (member) => queryClient.setQueryData(memberKeys.me(), member) });
}
