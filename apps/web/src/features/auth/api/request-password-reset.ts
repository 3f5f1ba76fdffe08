import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/v1/user/recovery-password?email=: e-mails a reset link; the answer is the same for any address. */
export const requestPasswordReset = (email: string) => api.get("user/recovery-password", { query: { email }, silent: "validation" });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
