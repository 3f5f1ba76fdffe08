import { createHash } from "node:crypto";
import type { RefundBody, RefundResponse } from "@serene/contracts";
import { formatMoney, receiptItem, receiptReference } from "@serene/domain";
import type { DatabaseHandle } from "@serene/db";
import { conflict, invalidField, notFound, unavailable } from "../../domain-errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { emails, type Brand } from "../mail/templates.ts";
import { createStaffRepository } from "../staff/staff.repository.ts";
import { auditEntry, type From } from "../staff/staff.service.ts";
import type { PaymentRow, PaymentsRepository, RefundRefusal, RefundRow } from "./payments.repository.ts";
import type { CardProcessor, RefundResult, WalletProcessor } from "./processors/ports.ts";

export const FINISH_REFUNDS_JOB = "payments.finish-refunds";
/** A refund pending this long lost its processor's answer: the sweep asks again, under the same key. */
export const ASK_AGAIN_AFTER_MS = 60_000;
const SWEEP_PAGE = 50;

export const PAYMENT_NOT_FOUND = "Payment not found.";
export const PROCESSOR_SILENT_MESSAGE =
  "The payment processor did not answer. The refund is recorded and is finished automatically, once: nothing more needs doing.";
const REFUSALS: Record<Exclude<RefundRefusal, "not_found" | "more_than_left">, string> = {
  not_refundable: "Only a charge that took money can be refunded.",
  nothing_left: "This charge has been refunded in full already.",
};

/** Who asked for a refund: a member of staff (from where), or the product itself (null). */
export type RefundActor = { staff: { id: string; email: string }; from: From } | null;

export interface RefundsDeps {
  repository: PaymentsRepository;
  card: CardProcessor | null;
  wallet: WalletProcessor | null;
  mailer: Pick<Mailer, "send">;
  brand: Brand;
  appUrl: string;
  database: Pick<DatabaseHandle, "db" | "inOneTransaction">;
  logger: { error: (details: object, message: string) => void };
  now: () => Date;
}

const hash = (text: string) => createHash("sha256").update(text).digest("base64url");

/**
 * Refunds (docs/decisions/068): money given back from a charge, in whole or in part, through the
 * processor that took it, exactly once. Each refund is written (pending) before the processor is
 * asked, under the processor key `refund:<id>`; a lost answer is asked again under that key (the
 * processor answers the first refund), by the same request again or by the sweep. What is left of a
 * charge counts pending refunds, so none gives back more than was paid. A refund made updates the
 * payment, the member's receipts and the audit log in one transaction and sends the member one e-mail.
 * Access is not changed by a refund: support cancels a subscription as a step of its own.
 */
export function createRefundsService(deps: RefundsDeps) {
  const { repository } = deps;

  /** What the request and the caller see of a refund and its payment. */
  async function answer(refund: RefundRow): Promise<RefundResponse> {
    const payment = (await repository.payment(refund.paymentId))!;
    const amount = formatMoney(refund.currency, refund.amountCents);
    return {
      message: refund.status === "succeeded" ? `${amount} was refunded.` : "The refund is being made.",
      data: {
        refund: { id: refund.id, amount_cents: refund.amountCents, currency: refund.currency, status: refund.status },
        payment: { id: payment.id, status: payment.status, amount_cents: payment.amountCents, refunded_cents: payment.refundedCents },
      },
    };
  }

  /** Writes the outcome once, with its audit entry (a staff refund) and the member's e-mail (a refund made), in one transaction. */
  async function settle(refund: RefundRow, result: RefundResult, actor: RefundActor): Promise<RefundRow> {
    return deps.database.inOneTransaction(async () => {
      const settled = await repository.settleRefund(
        refund.id,
        result.status === "succeeded"
          ? { status: "succeeded", providerRefundId: result.refundId }
          : { status: "failed", failureMessage: result.message },
      );
      if (!settled) return (await repository.refundById(refund.id))!;
      if (actor) {
        await createStaffRepository(deps.database.db).audit(
          auditEntry(
            actor.staff,
            actor.from,
            settled.status === "succeeded" ? "payment.refunded" : "payment.refund-refused",
            {
              type: "member",
              id: settled.userId,
            },
            {
              after: {
                refund_id: settled.id,
                payment_id: settled.paymentId,
                amount_cents: settled.amountCents,
                currency: settled.currency,
                ...(settled.failureMessage ? { refused: settled.failureMessage } : {}),
              },
            },
          ),
        );
      }
      if (settled.status === "succeeded") await mailRefund(settled);
      return settled;
    });
  }

  async function mailRefund(refund: RefundRow) {
    const receipt = await repository.receipt(refund.paymentId);
    const member = await repository.member(refund.userId);
    if (!receipt || !member) return;
    const { payment } = receipt;
    await deps.mailer.send({
      to: member.email,
      userId: member.id,
      dedupeKey: `refund:${refund.id}`,
      ...emails.refund(
        deps.brand,
        member.name,
        {
          amount: formatMoney(refund.currency, refund.amountCents),
          currency: refund.currency,
          item: receiptItem(receipt.pkg),
          reference: receiptReference(payment.id, payment.createdAt),
          paidWith: receipt.paidWith,
          whole: refund.amountCents === payment.amountCents,
        },
        `${deps.appUrl}/settings/subscription/receipts/${payment.id}`,
      ),
    });
  }

  /**
   * Asks the processor for a pending refund (again, after a lost answer: the same key refunds once)
   * and settles it; null when the processor did not answer (it stays pending for the sweep).
   */
  async function drive(refund: RefundRow, actor: RefundActor): Promise<RefundRow | null> {
    const payment = (await repository.payment(refund.paymentId))!;
    const processor = payment.provider === "stripe" ? deps.card : deps.wallet;
    if (!processor) return null;
    let result: RefundResult;
    try {
      result = await processor.refund({
        paymentId: payment.providerPaymentId!,
        money: { amountCents: refund.amountCents, currency: refund.currency },
        idempotencyKey: `refund:${refund.id}`,
      });
    } catch (error) {
      deps.logger.error({ err: error, refundId: refund.id }, "refund: the processor did not answer; the sweep asks again");
      return null;
    }
    return settle(refund, result, actor);
  }

  /** Claims, asks and settles one refund; a repeated key answers (or finishes) its first refund. */
  async function give(
    actor: RefundActor,
    input: { memberId: string; paymentId: string; amountCents: number | null; reason: string; requestKey: string | null },
  ): Promise<RefundRow> {
    const fingerprint = hash(JSON.stringify({ payment: input.paymentId, amount: input.amountCents, reason: input.reason }));
    const claim = await repository.claimRefund({
      paymentId: input.paymentId,
      userId: input.memberId,
      amountCents: input.amountCents,
      reason: input.reason,
      staffId: actor?.staff.id ?? null,
      requestKey: input.requestKey,
      fingerprint,
    });
    if ("refused" in claim) {
      if (claim.refused === "not_found") throw notFound(PAYMENT_NOT_FOUND);
      if (claim.refused === "more_than_left") {
        const payment = (await repository.payment(input.paymentId))!;
        throw invalidField(
          "amount_cents",
          `The most that can be refunded from this charge now is ${formatMoney(payment.currency, claim.leftCents)}.`,
        );
      }
      throw invalidField("amount_cents", REFUSALS[claim.refused]);
    }
    if ("existing" in claim) {
      if (claim.existing.fingerprint !== fingerprint)
        throw invalidField("idempotency_key", "This Idempotency-Key was already used for another request.");
      if (claim.existing.status !== "pending") return claim.existing;
      return (await drive(claim.existing, actor)) ?? claim.existing;
    }
    if (actor) {
      await createStaffRepository(deps.database.db).audit(
        auditEntry(
          actor.staff,
          actor.from,
          "payment.refund-requested",
          { type: "member", id: input.memberId },
          {
            before: { payment_id: claim.payment.id, status: claim.payment.status, refunded_cents: claim.payment.refundedCents },
            after: { refund_id: claim.claimed.id, amount_cents: claim.claimed.amountCents, reason: input.reason },
          },
        ),
      );
    }
    return (await drive(claim.claimed, actor)) ?? claim.claimed;
  }

  return {
    /**
     * Support refunds a member's charge: `amount_cents` of it, or all that is left. The same
     * Idempotency-Key from the same member of staff answers the first refund.
     */
    async refund(
      actor: NonNullable<RefundActor>,
      memberId: string,
      paymentId: string,
      body: RefundBody,
      key: string | undefined,
    ): Promise<RefundResponse> {
      const refund = await give(actor, {
        memberId,
        paymentId,
        amountCents: body.amount_cents ?? null,
        reason: body.reason,
        requestKey: key ? hash(`staff:${actor.staff.id}:${key}`) : null,
      });
      if (refund.status === "failed") throw conflict(`The processor refused the refund: ${refund.failureMessage ?? "no reason given"}`);
      if (refund.status === "pending") throw unavailable(PROCESSOR_SILENT_MESSAGE);
      return answer(refund);
    },

    /**
     * The product gives a whole charge back itself (a purchase the bank approved too late to grant):
     * once per `reference`, however often it is asked. Throws while the processor does not answer.
     */
    async giveBackWhole(payment: PaymentRow, reason: string, reference: string): Promise<void> {
      const refund = await give(null, {
        memberId: payment.userId,
        paymentId: payment.id,
        amountCents: null,
        reason,
        requestKey: hash(`product:${reference}`),
      }).catch((error: unknown) => {
        // Given back already (by an earlier call under this reference or by support): nothing is left to give.
        if (error instanceof Error && error.message === REFUSALS.nothing_left) return null;
        throw error;
      });
      if (refund?.status === "pending") throw unavailable(PROCESSOR_SILENT_MESSAGE);
    },

    /** Finishes refunds whose processor answer was lost: each is asked again under its own key (once at the processor). */
    async finishPending(): Promise<{ finished: number; waiting: number }> {
      const outcome = { finished: 0, waiting: 0 };
      const before = new Date(deps.now().getTime() - ASK_AGAIN_AFTER_MS);
      const due = await repository.pendingRefunds(before, SWEEP_PAGE);
      for (const refund of due) {
        // Another node's sweep took it, or its request settled it meanwhile.
        if (!(await repository.takeDueRefund(refund.id, before))) continue;
        const settled = await drive(refund, null);
        if (settled && settled.status !== "pending") outcome.finished++;
        else outcome.waiting++;
      }
      return outcome;
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
