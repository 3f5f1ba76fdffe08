/** What purchase calls answer (spec 000 sections 4 and 8; spec 001 section 8), shared by the API and the web app. */
export const SUBSCRIBED_MESSAGE = "Successfully subscribed!";
/** The bank asks the member to approve the payment first: the answer carries `redirect_url`. */
export const NEED_APPROVE_MESSAGE = "need approve";
export const CANCELED_MESSAGE = "Successfully canceled!";
export const CARD_DECLINED_MESSAGE = "Your card was declined.";

/** Stripe's test cards the sandbox card processor honours. */
export const SANDBOX_TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  needsApproval: "4000002760003184",
} as const;

/** The payment providers, as the API's paths name them: the card's and the wallet's. */
export const PAYMENT_PROVIDERS = ["stripe", "paypal"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
