import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { CheckoutLead } from "../types";

/**
 * POST /lead/{id}/account: an account for the lead's e-mail, its temporary password e-mailed by the
 * server, answered with a session token (docs/decisions/032-checkout-modal.md), only with the lead's
 * own link token (decision 050). 409 when the e-mail already has an account, 422 without a good link
 * token, 429 when asked too often: the caller shows those messages itself.
 */
export const createLeadAccount = (lead: Pick<CheckoutLead, "id" | "token">) =>
  api.post("lead/{id}/account", { params: { id: lead.id }, body: { token: lead.token ?? undefined }, silent: true });

export const useCreateLeadAccount = () => useMutation({ mutationFn: createLeadAccount });
