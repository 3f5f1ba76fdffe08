import { z } from "zod";
import { CacheBuster } from "./common.ts";

import { PAYMENT_PROVIDERS } from "@serene/domain";

export {
  CANCELED_MESSAGE,
  CARD_DECLINED_MESSAGE,
  NEED_APPROVE_MESSAGE,
  PAYMENT_PROVIDERS,
  SANDBOX_TEST_CARDS,
  SUBSCRIBED_MESSAGE,
} from "@serene/domain";

/**
 * Payments (spec 000 sections 2, 4, 7 and 8; spec 001 section 7). The card provider's calls live
 * under /stripe, the wallet's under /paypal; the offline sandbox processors answer the same calls
 * when no provider keys are configured.
 */

export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

const required = (field: string) => `The ${field} field is required.`;
const integer = (field: string) => `The ${field} field must be an integer.`;
/** A positive whole id, sent as a JSON number or, in a query string, as digits; a missing one is "required". */
const id = (field: string) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], {
      error: (issue) => (issue.input === undefined ? required(field) : integer(field)),
    })
    .pipe(
      z
        .number()
        .int({ error: integer(field) })
        .min(1, { error: `The selected ${field} is invalid.` })
        .max(2_147_483_647, { error: `The selected ${field} is invalid.` }),
    );

/**
 * `Idempotency-Key` header of every purchase call: the same key with the same request answers the
 * first outcome again instead of buying twice.
 */
export const IdempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(8, { error: "The Idempotency-Key header must be 8 to 255 visible characters." })
    .max(255, { error: "The Idempotency-Key header must be 8 to 255 visible characters." })
    .regex(/^[\x21-\x7e]+$/, { error: "The Idempotency-Key header must be 8 to 255 visible characters." })
    .optional(),
});

// GET /stripe/setup-intent
export const SetupIntentResponse = z
  .object({
    /** The publishable key the card form uses. */
    api_key: z.string(),
    client_secret: z.string(),
    /** live: Stripe Elements with api_key; sandbox: the offline card form (POST /sandbox/card/confirm). */
    mode: z.enum(["live", "sandbox"]),
  })
  .meta({ id: "SetupIntent" });
export type SetupIntentResponse = z.infer<typeof SetupIntentResponse>;

/** Which checkout the purchase came from (at most one of the two). */
const CheckoutFields = {
  checkout_id: id("checkout id").optional(),
  promo_checkout_id: id("promo checkout id").optional(),
};

// POST /stripe/payment-method
export const SavePaymentMethodBody = z.object({
  /** The confirmed setup's payment method (pm_...). Optional: without it the setup intent's own is used. */
  payment_method: z.string({ error: "The payment method must be a string." }).min(1).max(255).optional(),
  package_id: id("package id"),
  ...CheckoutFields,
});
export type SavePaymentMethodBody = z.infer<typeof SavePaymentMethodBody>;

// PUT /stripe/subscription, PUT /paypal/subscription: change the plan (the upgrade to annual)
export const ChangePlanBody = z.object({
  package_id: id("package id"),
  /**
   * The preview's `quoted_at`: the upgrade is charged the figures the member saw when it is sent
   * within half an hour of it; otherwise (or without it) they are worked out again at the moment of the charge.
   */
  quoted_at: z.iso.datetime({ error: "The quoted at must be a valid date." }).optional(),
});
export type ChangePlanBody = z.infer<typeof ChangePlanBody>;

// GET /stripe/subscription/preview, GET /paypal/subscription/preview
export const UpgradePreviewQuery = CacheBuster.extend({ package_id: id("package id") });
export type UpgradePreviewQuery = z.infer<typeof UpgradePreviewQuery>;

/**
 * What the upgrade to annual costs today, before the member confirms it (decision 053): the annual
 * price less a credit for the unused part of the period already paid for. Amounts in minor units
 * and as the product shows them.
 */
export const UpgradePreviewResponse = z
  .object({
    package_id: z.number().int(),
    /** "Annual plan". */
    plan: z.string(),
    currency: z.string(),
    price_cents: z.number().int(),
    /** "$59.99". */
    price: z.string(),
    /** The unused part of the current paid period; 0 for none. */
    credit_cents: z.number().int(),
    /** "$7.25"; null without a credit. */
    credit: z.string().nullable(),
    /** The end of the period the credit is for (UTC, to the second); null without a credit. */
    credit_until: z.string().nullable(),
    /** What is charged today: the price less the credit. Null when the wallet bills the new plan itself, on its own date. */
    due_today_cents: z.number().int().nullable(),
    due_today: z.string().nullable(),
    /** When the annual plan renews: a year from today. */
    renews_at: z.string(),
    /** When these figures were worked out; send it back with the upgrade to be charged exactly them. */
    quoted_at: z.string(),
  })
  .meta({ id: "UpgradePreview" });
export type UpgradePreviewResponse = z.infer<typeof UpgradePreviewResponse>;

/**
 * The outcome of a purchase. `message` is 'Successfully subscribed!' when access is granted, or
 * 'need approve' when the bank asks the member to approve first: then `redirect_url` is where
 * (the web app appends a redirect-back parameter).
 */
export const PurchaseResponse = z
  .object({
    message: z.string(),
    redirect_url: z.string().nullable(),
    /** What GET /user/account-status now answers as subscription_type (null while approval is pending). */
    subscription_type: z.string().nullable(),
  })
  .meta({ id: "Purchase" });
export type PurchaseResponse = z.infer<typeof PurchaseResponse>;

// GET /paypal/subscription
export const WalletCheckoutQuery = CacheBuster.extend({
  package_id: id("package id"),
  /** The member's timezone (IANA); the spec's default is Europe/Kiev. */
  timezone: z.string().max(64).default("Europe/Kiev"),
  ...CheckoutFields,
});
export type WalletCheckoutQuery = z.infer<typeof WalletCheckoutQuery>;

export const WalletCheckoutResponse = z.object({ url_to_redirect: z.string() }).meta({ id: "WalletCheckout" });
export type WalletCheckoutResponse = z.infer<typeof WalletCheckoutResponse>;

/**
 * POST /paypal/success-transaction: the query the wallet returned with, passed through
 * (subscription_id and ba_token for subscriptions, token for one-time orders).
 */
export const WalletReturnBody = z
  .record(z.string().max(64), z.string().max(512))
  .refine((value) => Object.keys(value).length <= 20, { error: "Too many fields." })
  .refine((value) => typeof value.token === "string" || typeof value.subscription_id === "string", {
    error: "The token field is required.",
    path: ["token"],
  });
export type WalletReturnBody = z.infer<typeof WalletReturnBody>;

// GET /paypal/cancel-transaction
export const WalletCancelQuery = CacheBuster.extend({ token: z.string().max(512).optional() });

// DELETE /subscription/web/cancel/{provider}
export const CancelParams = z.object({
  provider: z.enum(PAYMENT_PROVIDERS, { error: "The selected provider is invalid." }),
});

/** The operator console's cancel and resume on a member's behalf (decision 067): the member, and the provider of their subscription. */
export const MemberSubscriptionParams = z.object({
  id: z.string().max(64),
  provider: z.enum(PAYMENT_PROVIDERS, { error: "The selected provider is invalid." }),
});

// POST /sandbox/card/confirm: the sandbox's counterpart of Stripe.js confirmCardSetup.
export const SandboxCardConfirmBody = z.object({
  client_secret: z
    .string({ error: required("client secret") })
    .min(1, { error: required("client secret") })
    .max(255),
  number: z
    .string({ error: required("card number") })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: "Your card number is invalid." })),
  exp_month: z.coerce
    .number({ error: "Your card's expiration date is invalid." })
    .int()
    .min(1, { error: "Your card's expiration date is invalid." })
    .max(12, { error: "Your card's expiration date is invalid." }),
  exp_year: z.coerce
    .number({ error: "Your card's expiration year is invalid." })
    .int()
    .min(0)
    .max(2100, { error: "Your card's expiration year is invalid." }),
  cvc: z.string({ error: required("cvc") }).regex(/^\d{3,4}$/, { error: "Your card's security code is invalid." }),
});
export type SandboxCardConfirmBody = z.infer<typeof SandboxCardConfirmBody>;

export const SandboxCardConfirmResponse = z
  .object({ status: z.literal("succeeded"), payment_method: z.string(), setup_intent: z.string() })
  .meta({ id: "SandboxSetupConfirmation" });
export type SandboxCardConfirmResponse = z.infer<typeof SandboxCardConfirmResponse>;
