import type { ComingSoonLeadBody } from "@serene/contracts";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /coming-soon/lead/: the member's sign-up (the phone field is never sent; decision 026). 422 messages show under the inputs. */
export const submitComingSoonLead = (body: ComingSoonLeadBody) => api.post("coming-soon/lead/", { body, silent: "validation" });

export const useSubmitComingSoonLead = () => useMutation({ mutationFn: submitComingSoonLead });
