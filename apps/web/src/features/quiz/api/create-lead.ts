import type { Lead, LeadBody } from "@serene/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * POST /lead: a visitor who finished a quiz gives an e-mail (and a first name if they like); the
 * lead keeps the quiz and the answers, and an e-mail with a sign-in link to the result goes out.
 * The e-mail step shows a 422's messages under its inputs and any other failure in a notice.
 */
export const createLead = async (body: LeadBody): Promise<Lead> => await api.post("lead", { body, silent: true });

export const useCreateLead = () => useMutation({ mutationFn: createLead });
