import { useEffect } from "react";
import { openSubscriptionOffer, takeOfferAfterRegistration } from "../../../lib/buying/subscription-offer";

/**
 * A new member's first /home after a plain registration opens the subscription offer once with
 * the packages offered after registration (spec 000 section 3); the mark is taken, so never again.
 */
export function useAfterRegistrationOffer() {
  useEffect(() => {
    if (takeOfferAfterRegistration()) openSubscriptionOffer("registration", "after_registration");
  }, []);
}
