import type { Checkout } from "@serene/contracts";
import { createElement, useState, type ReactNode } from "react";

/**
 * The checkout's full-screen subscription modal (spec 000 sections 2 and 4): the seam the sales
 * page routes compose. This first version leads to the paywall of the checkout; the modal itself
 * replaces it.
 */

/** A lead arriving on /lead-checkout from an e-mail: who they are (GET /lead/{id}). */
export interface CheckoutLead {
  id: string;
  name: string;
  email: string;
}

export interface CheckoutModalProps {
  open: boolean;
  checkout: Checkout | undefined;
  lead: CheckoutLead | null;
  onClose: () => void;
}

/** What the sales page's start button and every 'Get Started' call, and the modal it opens. */
export function useCheckoutStart(options: { checkout: Checkout | undefined; lead: CheckoutLead | null }): {
  start: () => void;
  modal: CheckoutModalProps;
} {
  const [open, setOpen] = useState(false);
  return {
    start: () => {
      if (options.checkout) window.location.assign(`/subscription/${options.checkout.id}`);
    },
    modal: { open, checkout: options.checkout, lead: options.lead, onClose: () => setOpen(false) },
  };
}

export function CheckoutModal(props: CheckoutModalProps): ReactNode {
  return props.open ? createElement("div", { role: "dialog" }) : null;
}
