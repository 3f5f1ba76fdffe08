import type { User } from "@serene/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { userKeys } from "./get-user";

export interface UpdateUserValues {
  name: string;
  email: string;
}

/**
 * PUT /api/v1/user as form data. A new e-mail address waits for its confirmation link; until
 * then the answer carries it as pending_email. Failures are silent (spec 001 section 8).
 */
export function updateUser({ name, email }: UpdateUserValues) {
  const form = new FormData();
  form.set("name", name);
  form.set("email", email);
  form.set("platform", "web");
  return api.put<User>("user", { form, silent: true });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(userKeys.me(), user),
  });
}
