import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { paymentKeys } from "./payment-keys";

/** GET /api/v1/stripe/setup-intent: the card form's key, the setup's client secret, live or sandbox. */
export const getSetupIntent = (signal?: AbortSignal) => api.get("stripe/setup-intent", { signal, silent: true });

/** A setup intent while the card form is shown; a new one after a purchase attempt used it up. */
export const useSetupIntent = (enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.setupIntent(),
    queryFn: ({ signal }) => getSetupIntent(signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });
