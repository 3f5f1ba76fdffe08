import type { Checkout } from "@serene/contracts";
import type { ComponentType } from "react";
import type { OfferPaymentDialogProps } from "../../components/subscription/offer-payment";

/**
 * A lead arriving on /lead-checkout from an e-mail: who they are (GET /lead/{id}), and the lead's own
 * link token the e-mail's link carries, which alone lets the page open the lead's account (decision 050).
 */
export interface CheckoutLead {
  id: string;
  name: string;
  email: string;
  token?: string | null;
}

/** What the modal gives the payment dialog: the chosen plan, every package and the checkout it comes from. */
export type CheckoutPaymentDialogProps = OfferPaymentDialogProps;

export interface CheckoutModalProps {
  open: boolean;
  checkout: Checkout | undefined;
  lead: CheckoutLead | null;
  onClose: () => void;
  /** The account was opened from the lead just now: the purchase sets the just-registered flag for /home. */
  justRegistered?: boolean;
  /**
   * The offer's deadline when the page keeps it (a visitor's, in the browser); otherwise the
   * checkout's `offer.ends_at`. The offer's plans leave the modal when it passes.
   */
  offerEndsAt?: string | null;
  /**
   * The payment dialog 'Get My Plan' opens (the route module may pass features/payment's). Without
   * one, the app's payment dialog (the members' offer's, supplied in the root layout) is used.
   */
  paymentDialog?: ComponentType<CheckoutPaymentDialogProps>;
}
