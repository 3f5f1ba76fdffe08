export { PaymentDialog, type PaymentDialogProps } from "./components/payment-dialog";
export { SuccessTransactionPage } from "./components/success-transaction-page";
export { CancelTransactionPage } from "./components/cancel-transaction-page";
export { ThankYouPage } from "./components/thank-you-page";
export type { CheckoutRef } from "./model";
export { CHECKOUT_START_EVENT } from "./tracking";
