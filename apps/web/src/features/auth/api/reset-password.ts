import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface ResetPasswordValues {
  email: string;
  token: string;
  password: string;
}

/** POST /api/v1/user/recovery-password: sets the new password and answers with a session token. */
export const resetPassword = ({ email, token, password }: ResetPasswordValues) =>
  api.post("user/recovery-password", {
    body: { email, token, password, device_name: "web" },
    silent: "validation",
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
