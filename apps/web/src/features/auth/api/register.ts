import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type RegisterValues =
  | { lead: false; name: string; email: string; password: string; statisticId?: string | null }
  /**
   * A pre-registered lead only chooses a password (spec 000 section 6); `token` is the lead's own
   * link token from the sign-up link its inbox received (decision 050).
   */
  | { lead: true; password: string; statisticId: string; token: string | null };

/**
 * POST /api/v1/user as form data. Answers 200 with a token, or 208 (a 2xx) with no token and a
 * message when the e-mail address already has an account.
 */
export function register(values: RegisterValues) {
  const form = new FormData();
  if (values.lead) {
    form.set("password", values.password);
    form.set("statistic_id", values.statisticId);
    if (values.token) form.set("token", values.token);
  } else {
    form.set("name", values.name);
    form.set("email", values.email);
    form.set("password", values.password);
    form.set("phone", "");
    if (values.statisticId) form.set("statistic_id", values.statisticId);
  }
  form.set("platform", "web");
  return api.post("user", { form, silent: "validation" });
}

export const useRegister = () => useMutation({ mutationFn: register });
