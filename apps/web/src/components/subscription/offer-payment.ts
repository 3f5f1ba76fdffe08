import type { Package } from "@serene/contracts";
import { createContext, type ReactNode } from "react";

/** What the subscription offer gives the payment dialog it opens for the chosen plan. */
export interface OfferPaymentDialogProps {
  open: boolean;
  /** Every package on offer, both providers'. */
  packages: readonly Package[];
  /** The chosen plan's package. */
  selected: Package | null;
  /** The checkout the purchase comes from (the checkout's sales modal), as the payment calls name it. */
  checkout?: { checkout_id?: number; promo_checkout_id?: number };
  /**
   * Where the member lands after a purchase that leaves for the bank's or the wallet's approval (a
   * path here: the locked item that opened the offer); the page they are on when not given.
   */
  returnTo?: string;
  onDone: () => void;
  onClose: () => void;
}

/**
 * Renders the payment dialog the members' subscription offer buys with (spec 001 sections 2 and
 * 4) and the checkout's sales modal (spec 000 section 4). The app supplies it (shared components do not import features); without one the offer leads
 * to the paywall instead.
 */
export const OfferPaymentDialog = createContext<((props: OfferPaymentDialogProps) => ReactNode) | null>(null);
