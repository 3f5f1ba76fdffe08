export { PaymentDialog } from "./components/payment-dialog";
export { SuccessTransactionPage } from "./components/success-transaction-page";
export { CancelTransactionPage } from "./components/cancel-transaction-page";
export { ThankYouPage } from "./components/thank-you-page";
