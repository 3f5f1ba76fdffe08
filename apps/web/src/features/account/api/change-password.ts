import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface ChangePasswordValues {
  current_password: string;
  password: string;
}

/** PATCH /api/v1/user/password: 422 messages come under current_password and password. */
export const changePassword = (values: ChangePasswordValues) => api.patch("user/password", { body: values, silent: "validation" });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
