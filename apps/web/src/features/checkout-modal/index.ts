/**
 * The checkout's full-screen subscription modal (spec 000 sections 2 and 4): the seam the sales
 * page routes compose. `useCheckoutStart` gives the start buttons their action and the modal its
 * props; `CheckoutModal` loads its code only when it first opens.
 */
export { useCheckoutStart } from "./hooks/use-checkout-start";
export { CheckoutModal, preloadCheckoutModal } from "./components/checkout-modal-loader";
export type { CheckoutLead, CheckoutModalProps, CheckoutPaymentDialogProps } from "./types";
