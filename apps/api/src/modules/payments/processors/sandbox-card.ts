import { randomBytes } from "node:crypto";
import { CARD_DECLINED_MESSAGE, SANDBOX_TEST_CARDS, type SandboxCardConfirmBody } from "@serene/contracts";
import type { Database } from "@serene/db";
import { declined, notFound } from "../../../domain-errors.ts";
import { InvalidWebhookError, type CardProcessor, type ChargeResult } from "./ports.ts";
import { createSandboxCardRepository, type SandboxCardPaymentRow } from "./sandbox-card.repository.ts";

/**
 * The offline card processor used when no Stripe keys are configured. It keeps Stripe's shape
 * (customers, setup intents, payment methods, payment intents with idempotency keys) in its own
 * tables and honours Stripe's test cards:
 * - 4242 4242 4242 4242 succeeds;
 * - 4000 0000 0000 0002 is declined when the card is confirmed ('Your card was declined.');
 * - 4000 0027 6000 3184 asks the bank's approval for every charge made while the member is
 *   present (the approval page under /sandbox/card/approve), and is declined off session.
 * Any other well-formed number succeeds, like Stripe's other test cards.
 */
export type CardBehaviour = "succeeds" | "declined" | "authenticate";

const AUTHENTICATION_REQUIRED = "Your card was declined. This transaction requires authentication.";
const SANDBOX_PUBLISHABLE_KEY = "pk_sandbox_serene";

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

function cardBehaviour(number: string): CardBehaviour {
  if (number === SANDBOX_TEST_CARDS.declined) return "declined";
  if (number === SANDBOX_TEST_CARDS.needsApproval) return "authenticate";
  return "succeeds";
}

export function createSandboxCard(db: Database, appUrl: string) {
  const repository = createSandboxCardRepository(db);
  const chargeResult = (row: SandboxCardPaymentRow, returnUrl: string): ChargeResult => {
    if (row.status === "succeeded") return { status: "succeeded", paymentId: row.id };
    if (row.status === "requires_action") {
      const approval = new URL(`${appUrl}/sandbox/card/approve/${row.id}`);
      // The bank's page returns the browser to this site: keep the path only.
      approval.searchParams.set("return_url", returnUrl.startsWith(appUrl) ? returnUrl.slice(appUrl.length) || "/" : returnUrl);
      return { status: "requires_action", paymentId: row.id, approvalUrl: approval.pathname + approval.search };
    }
    const message =
      row.status === "canceled"
        ? "The payment was not approved."
        : row.status === "authentication_failed"
          ? AUTHENTICATION_REQUIRED
          : CARD_DECLINED_MESSAGE;
    return { status: "declined", paymentId: row.id, message };
  };
  const behaviourOf = async (paymentMethodId: string, customerId: string): Promise<CardBehaviour | null> =>
    (await repository.cardBehaviourOf(paymentMethodId, customerId)) as CardBehaviour | null;

  const processor: CardProcessor = {
    adapter: "sandbox",
    publishableKey: SANDBOX_PUBLISHABLE_KEY,
    async ensureCustomer(member, existing) {
      return existing ?? `cus_sandbox_${member.id.replaceAll("-", "")}`;
    },
    async createSetupIntent(customerId) {
      const id = token("seti");
      const clientSecret = `${id}_secret_${randomBytes(16).toString("base64url")}`;
      await repository.insertSetupIntent({ id, customerId, clientSecret, status: "requires_payment_method" });
      return { id, clientSecret };
    },
    async confirmedPaymentMethod(customerId, paymentMethodId) {
      const setup = await repository.latestConfirmedSetup(customerId, paymentMethodId);
      return setup?.paymentMethodId ? { id: setup.paymentMethodId, label: `Card •••• ${setup.last4}` } : null;
    },
    async charge(input) {
      const existing = await repository.paymentByKey(input.idempotencyKey);
      if (existing) return chargeResult(existing, input.returnUrl);
      const behaviour = await behaviourOf(input.paymentMethodId, input.customerId);
      const status =
        behaviour === null || behaviour === "declined"
          ? "declined"
          : behaviour === "authenticate"
            ? input.onSession
              ? "requires_action"
              : "authentication_failed"
            : "succeeded";
      // A concurrent call with the same key may win: the result is then the winner's.
      const row = await repository.insertPaymentOnce({
        id: token("pi_sandbox"),
        idempotencyKey: input.idempotencyKey,
        account: input.customerId,
        amountCents: input.money.amountCents,
        currency: input.money.currency,
        status,
        paymentMethodId: input.paymentMethodId,
        purchaseReference: input.metadata.purchase_id ?? null,
      });
      return chargeResult(row, input.returnUrl);
    },
    async paymentStatus(paymentId) {
      const row = await repository.payment(paymentId);
      if (!row) return { status: "declined", paymentId, message: CARD_DECLINED_MESSAGE };
      return chargeResult(row, "/");
    },
    refund: ({ paymentId, money, idempotencyKey }) => repository.refund({ paymentId, amountCents: money.amountCents, idempotencyKey }),
    async findCharge(purchaseId) {
      const row = await repository.paymentForPurchase(purchaseId);
      if (!row) return null;
      const status =
        row.status === "requires_action"
          ? "requires_action"
          : row.status === "succeeded" || row.status === "refunded"
            ? "succeeded"
            : "declined";
      return {
        paymentId: row.id,
        status,
        money: { amountCents: row.amountCents, currency: row.currency },
        paymentMethodId: row.paymentMethodId,
      };
    },
    async cancelCharge(paymentId) {
      await repository.settleWaitingPayment(paymentId, "canceled");
    },
    async readWebhook() {
      // The sandbox settles every charge synchronously: it sends no webhooks.
      throw new InvalidWebhookError("The sandbox card processor sends no webhooks.");
    },
  };

  return {
    processor,
    /**
     * Stripe.js confirmCardSetup's counterpart: the member's card is checked and saved as a
     * payment method of the setup intent's customer. A declined test card answers 402.
     */
    async confirmSetup(body: SandboxCardConfirmBody, now = new Date()) {
      const setup = await repository.setupIntentBySecret(body.client_secret);
      if (!setup) throw notFound("No such setup intent.");
      const year = body.exp_year < 100 ? 2000 + body.exp_year : body.exp_year;
      const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && body.exp_month < now.getUTCMonth() + 1);
      if (expired) throw declined("Your card has expired.");
      const behaviour = cardBehaviour(body.number);
      if (behaviour === "declined") throw declined(CARD_DECLINED_MESSAGE);
      if (setup.status === "succeeded" && setup.paymentMethodId) {
        return { status: "succeeded" as const, payment_method: setup.paymentMethodId, setup_intent: setup.id };
      }
      const paymentMethodId = token("pm_sandbox");
      await repository.confirmSetupIntent(setup.id, { paymentMethodId, cardBehaviour: behaviour, last4: body.number.slice(-4) });
      return { status: "succeeded" as const, payment_method: paymentMethodId, setup_intent: setup.id };
    },
    /** The bank's answer on the approval page: the waiting charge succeeds or is refused. */
    async decide(paymentId: string, approve: boolean): Promise<boolean> {
      return repository.settleWaitingPayment(paymentId, approve ? "succeeded" : "canceled");
    },
    payment: repository.payment,
  };
}
export type SandboxCard = ReturnType<typeof createSandboxCard>;
