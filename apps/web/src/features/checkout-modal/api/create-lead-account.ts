import type { LeadAccountResponse } from "@serene/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * POST /lead/{id}/account: an account for the lead's e-mail, its temporary password e-mailed by the
 * server, answered with a session token (docs/decisions/032-checkout-modal.md). 409 when the e-mail
 * already has an account, 429 when asked too often: the caller shows those messages itself.
 */
export const createLeadAccount = (leadId: string) =>
  api.post<LeadAccountResponse>(`lead/${encodeURIComponent(leadId)}/account`, { silent: true });

export const useCreateLeadAccount = () => useMutation({ mutationFn: createLeadAccount });
