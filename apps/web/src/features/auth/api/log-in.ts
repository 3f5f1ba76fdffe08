import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface LogInValues {
  email: string;
  password: string;
}

/** POST /api/v1/user/token: a session token for an e-mail address and password. */
export const logIn = ({ email, password }: LogInValues) =>
  api.post("user/token", {
    body: { login: email, password, device_name: "web" },
    // Field messages show under the inputs; other failures (429) use the global error toast.
    silent: "validation",
  });

export const useLogIn = () => useMutation({ mutationFn: logIn });
