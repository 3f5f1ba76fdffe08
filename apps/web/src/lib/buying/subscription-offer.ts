import type { PLACEMENTS } from "@serene/contracts";
import { create } from "zustand";
import { analytics } from "../analytics";
import { STORAGE_KEYS, storage } from "../storage";
import { storedFunnel } from "../stored-quiz-answers";

/** Which packages an offer shows (spec 000 section 3): GET /package/web?place=… */
export type OfferPlacement = (typeof PLACEMENTS)[number];

/**
 * What opened the subscription offer (spec 001 section 4): a locked item was clicked,
 * the 'Unlock {product}' button was pressed, or the quiz was finished; or a new member's first
 * visit to /home after a plain registration (spec 000 section 3, placement after_registration).
 */
export type SubscriptionOfferTrigger = "locked" | "unlock" | "quiz" | "registration";

/** The pixel event each trigger records when the offer opens (spec 001 section 4). */
const OFFER_PIXEL_EVENTS: Record<SubscriptionOfferTrigger, "LockedIntent" | "BuyIntent" | "InformIntent"> = {
  locked: "LockedIntent",
  unlock: "BuyIntent",
  quiz: "InformIntent",
  // Offered without being asked for, like the quiz's offer: an offer that informs.
  registration: "InformIntent",
};

export interface SubscriptionOfferState {
  open: boolean;
  /** Why the offer is open; null while it is closed (its intent is recorded once, when it opens). */
  trigger: SubscriptionOfferTrigger | null;
  /**
   * The packages it shows when the opener names them (after_registration); null leaves the choice
   * to the member's account status (`offer_place`: after_trial_is_over or after_locked_content).
   */
  placement: OfferPlacement | null;
  /**
   * The page of the locked item that opened the offer (a content card's `/{model}/{id}`): after a
   * purchase the member lands there, now playable, instead of on the page they were on (decision 052).
   */
  landing: string | null;
}

/** The subscription offer's state: one offer for the whole members' area. */
export const useSubscriptionOffer = create<SubscriptionOfferState>(() => ({ open: false, trigger: null, placement: null, landing: null }));

/**
 * Opens the subscription offer and records the pixel event of its trigger: one intent per action.
 * `landing` is the page of the locked item tapped, where the member lands after buying.
 */
export function openSubscriptionOffer(
  trigger: SubscriptionOfferTrigger,
  placement: OfferPlacement | null = null,
  landing: string | null = null,
) {
  useSubscriptionOffer.setState({ open: true, trigger, placement, landing });
  // The quiz-finished offer carries the quiz's funnel (kept in the quiz form) for the funnel report.
  const funnel = trigger === "quiz" ? storedFunnel() : null;
  analytics.track(OFFER_PIXEL_EVENTS[trigger], funnel ? { trigger, funnel } : { trigger });
}

/**
 * Closes the subscription offer and forgets its trigger, so no later page (the paywall the offer
 * leads to, or a visit after it) records the same action's intent again.
 */
export function closeSubscriptionOffer() {
  useSubscriptionOffer.setState({ open: false, trigger: null, placement: null, landing: null });
}

/**
 * After a plain registration (no redirect, no quiz) the new member's /home offers the
 * after_registration packages once (spec 000 section 3): the registration leaves this mark.
 */
export const markOfferAfterRegistration = () => storage.set(STORAGE_KEYS.offerAfterRegistration, "1");

/** /home takes the mark: true once after a plain registration, never again. */
export function takeOfferAfterRegistration(): boolean {
  if (storage.get(STORAGE_KEYS.offerAfterRegistration) === null) return false;
  storage.remove(STORAGE_KEYS.offerAfterRegistration);
  return true;
}
