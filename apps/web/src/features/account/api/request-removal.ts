import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/v1/user/request-remove: e-mails a link that confirms the account's removal. */
export const requestRemoval = (email: string) =>
  api.post("user/request-remove", { body: { email, device_name: "web" }, silent: "validation" });

export const useRequestRemoval = () => useMutation({ mutationFn: requestRemoval });
