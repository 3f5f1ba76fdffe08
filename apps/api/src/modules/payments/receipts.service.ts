import type { BillingResponse, Receipt } from "@serene/contracts";
import {
  billingPeriodName,
  formatMoney,
  lifecycleFromJson,
  nextBillingPeriod,
  receiptItem,
  receiptReference,
  resumeRefusal,
  toUtcSecond,
} from "@serene/domain";
import { notFound } from "../../domain-errors.ts";
import { isUuid } from "../../http/ids.ts";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service.ts";
import type { PaymentsRepository, ReceiptRow } from "./payments.repository.ts";

const BILLED = new Set(["stripe", "paypal"]);
const NONE: BillingResponse = {
  plan: null,
  status: null,
  provider: null,
  price: null,
  billing_period: null,
  next_charge_at: null,
  next_charge_amount: null,
  access_until: null,
  payment_method: null,
  can_resume: false,
};

export function presentReceipt({ payment, pkg, paidWith }: ReceiptRow): Receipt {
  return {
    id: payment.id,
    reference: receiptReference(payment.id, payment.createdAt),
    item: receiptItem(pkg),
    amount_cents: payment.amountCents,
    amount: formatMoney(payment.currency, payment.amountCents),
    credit_cents: payment.creditCents,
    credit: payment.creditCents > 0 ? formatMoney(payment.currency, payment.creditCents) : null,
    price: payment.creditCents > 0 ? formatMoney(payment.currency, payment.amountCents + payment.creditCents) : null,
    currency: payment.currency,
    paid_at: toUtcSecond(payment.createdAt),
    status: payment.status === "refunded" ? "refunded" : payment.refundedCents > 0 ? "partly_refunded" : "paid",
    refunded_cents: payment.refundedCents,
    refunded: payment.refundedCents > 0 ? formatMoney(payment.currency, payment.refundedCents) : null,
    period_start: payment.periodStart ? toUtcSecond(payment.periodStart) : null,
    period_end: payment.periodEnd ? toUtcSecond(payment.periodEnd) : null,
    paid_with: paidWith,
  };
}

/**
 * The member's money read back: receipts for their charges (never another member's: an id that is
 * not theirs is not found), and what their subscription costs and when it is charged next.
 */
export function createReceiptsService(deps: {
  repository: Pick<PaymentsRepository, "receipt" | "receiptsOf">;
  subscriptions: Pick<SubscriptionsService, "current">;
  now: () => Date;
}) {
  return {
    async list(userId: string): Promise<{ data: Receipt[] }> {
      return { data: (await deps.repository.receiptsOf(userId)).map(presentReceipt) };
    },

    async one(userId: string, id: string): Promise<Receipt> {
      const found = isUuid(id) ? await deps.repository.receipt(id) : null;
      if (!found || found.payment.userId !== userId || (found.payment.status !== "succeeded" && found.payment.status !== "refunded")) {
        throw notFound("This receipt was not found.");
      }
      return presentReceipt(found);
    },

    async billing(userId: string): Promise<BillingResponse> {
      const current = await deps.subscriptions.current(userId);
      if (!current) return NONE;
      const state = lifecycleFromJson(current.lifecycle);
      const billed = BILLED.has(current.provider) && state !== null;
      const recurring = state && state.plan !== "lifetime";
      const price =
        billed && recurring && current.amountCents !== null && current.currency ? formatMoney(current.currency, current.amountCents) : null;
      const next = billed ? nextBillingPeriod(state) : null;
      return {
        plan: current.planType,
        status: state?.status ?? current.status,
        provider: current.provider,
        price,
        billing_period: price && state ? billingPeriodName(state.plan) : null,
        next_charge_at: next && price ? toUtcSecond(next.periodStart) : null,
        next_charge_amount: next && price ? price : null,
        access_until: current.currentPeriodEnd ? toUtcSecond(current.currentPeriodEnd) : null,
        payment_method: current.paymentMethodLabel ?? (current.provider === "paypal" ? "PayPal" : null),
        can_resume: billed && resumeRefusal(state, current.provider, deps.now()) === null,
      };
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
