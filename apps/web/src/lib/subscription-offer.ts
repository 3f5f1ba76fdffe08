import { create } from "zustand";
import { analytics } from "./analytics";
import { storedFunnel } from "./stored-quiz-answers";

/**
 * What opened the subscription offer (spec 001 section 4): a locked item was clicked,
 * the 'Unlock {product}' button was pressed, or the quiz was finished.
 */
export type SubscriptionOfferTrigger = "locked" | "unlock" | "quiz";

/** The pixel event each trigger records when the offer opens (spec 001 section 4). */
const OFFER_PIXEL_EVENTS: Record<SubscriptionOfferTrigger, "LockedIntent" | "BuyIntent" | "InformIntent"> = {
  locked: "LockedIntent",
  unlock: "BuyIntent",
  quiz: "InformIntent",
};

export interface SubscriptionOfferState {
  open: boolean;
  /** Why the offer is open; null while it is closed (its intent is recorded once, when it opens). */
  trigger: SubscriptionOfferTrigger | null;
}

/** The subscription offer's state: one offer for the whole members' area. */
export const useSubscriptionOffer = create<SubscriptionOfferState>(() => ({ open: false, trigger: null }));

/** Opens the subscription offer and records the pixel event of its trigger: one intent per action. */
export function openSubscriptionOffer(trigger: SubscriptionOfferTrigger) {
  useSubscriptionOffer.setState({ open: true, trigger });
  // The quiz-finished offer carries the quiz's funnel (kept in the quiz form) for the funnel report.
  const funnel = trigger === "quiz" ? storedFunnel() : null;
  analytics.track(OFFER_PIXEL_EVENTS[trigger], funnel ? { trigger, funnel } : { trigger });
}

/**
 * Closes the subscription offer and forgets its trigger, so no later page (the paywall the offer
 * leads to, or a visit after it) records the same action's intent again.
 */
export function closeSubscriptionOffer() {
  useSubscriptionOffer.setState({ open: false, trigger: null });
}
