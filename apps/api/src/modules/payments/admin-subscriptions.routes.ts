import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ClearPurchaseResponse,
  IdempotencyHeaders,
  MemberSubscriptionParams,
  MessageResponse,
  PurchaseParams,
  RefundBody,
  RefundParams,
  RefundResponse,
} from "@serene/contracts";
import type { DatabaseHandle } from "@serene/db";
import { notFound } from "../../domain-errors.ts";
import { isUuid, routeDocs, staffErrors as errors, staffFrom, staffOf, staffOnly } from "../../http/index.ts";
import { createStaffRepository } from "../staff/staff.repository.ts";
import { auditEntry, type StaffService } from "../staff/staff.service.ts";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service.ts";
import { PAYMENT_NOT_FOUND, type RefundsService } from "./refunds.service.ts";
import { PURCHASE_NOT_FOUND } from "./commands/clear.command.ts";
import type { PurchasesService } from "./purchases.service.ts";

/**
 * Support's money calls on a member's behalf. Cancel and resume (decision 067): the member's own
 * commands, run with the change and its audit entry in one transaction (every query joins it); the
 * member is told as when they do it themselves. Refunds and clearing a stuck purchase (decision 068):
 * a refund keeps its own ledger under the Idempotency-Key (the processor is asked outside any
 * transaction); clearing reconciles with the processor first.
 */
export function adminSubscriptionsRoutes(deps: {
  purchases: PurchasesService;
  refunds: RefundsService;
  subscriptions: SubscriptionsService;
  staff: StaffService;
  database: DatabaseHandle;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = routeDocs("admin", "staff");
    const writer = staffOnly(deps.staff, "members.write");
    /** The subscription as the audit log keeps it: which, and where it stands. */
    const state = async (userId: string) => {
      const current = await deps.subscriptions.current(userId);
      return current
        ? { subscription_id: current.id, status: current.status, ends_at: current.currentPeriodEnd?.toISOString() ?? null }
        : null;
    };

    const money = staffOnly(deps.staff, "money.write");

    app.post(
      "/admin/members/:id/payments/:paymentId/refund",
      {
        ...money,
        schema: {
          ...docs("Refund a member's charge in whole or in part through the processor that took it, exactly once"),
          params: RefundParams,
          headers: IdempotencyHeaders,
          body: RefundBody,
          response: { 200: RefundResponse, ...errors },
        },
      },
      async (request) => {
        const { id, paymentId } = request.params;
        if (!isUuid(id) || !isUuid(paymentId)) throw notFound(PAYMENT_NOT_FOUND);
        const actor = { staff: staffOf(request).staff, from: staffFrom(request) };
        return deps.refunds.refund(actor, id.toLowerCase(), paymentId.toLowerCase(), request.body, request.headers["idempotency-key"]);
      },
    );

    app.post(
      "/admin/members/:id/purchases/:purchaseId/clear",
      {
        ...money,
        schema: {
          ...docs("Clear a member's purchase stuck in processing, reconciled with the processor first"),
          params: PurchaseParams,
          response: { 200: ClearPurchaseResponse, ...errors },
        },
      },
      async (request) => {
        const { id, purchaseId } = request.params;
        if (!isUuid(id) || !isUuid(purchaseId)) throw notFound(PURCHASE_NOT_FOUND);
        const userId = id.toLowerCase();
        const cleared = await deps.purchases.clear(userId, purchaseId.toLowerCase());
        await createStaffRepository(deps.database.db).audit(
          auditEntry(
            staffOf(request).staff,
            staffFrom(request),
            "purchase.cleared",
            { type: "member", id: userId },
            {
              before: { purchase_id: purchaseId.toLowerCase(), status: "processing" },
              after: { status: cleared.data.status, outcome: cleared.data.outcome },
            },
          ),
        );
        return cleared;
      },
    );

    for (const action of ["cancel", "resume"] as const) {
      app.post(
        `/admin/members/:id/subscription/${action}/:provider`,
        {
          ...writer,
          schema: {
            ...docs(
              action === "cancel"
                ? "Cancel a member's subscription on their behalf: billing stops, access lasts until the period ends"
                : "Resume a member's cancelled subscription on their behalf while its period runs",
            ),
            params: MemberSubscriptionParams,
            response: { 200: MessageResponse, ...errors },
          },
        },
        async (request) => {
          const { id, provider } = request.params;
          if (!isUuid(id)) throw notFound("Member not found.");
          const userId = id.toLowerCase();
          return deps.database.inOneTransaction(async () => {
            const before = await state(userId);
            if (action === "cancel")
              await deps.purchases.cancel(userId, provider, `Cancelled by support (${staffOf(request).staff.email})`);
            else await deps.purchases.resume(userId, provider);
            await createStaffRepository(deps.database.db).audit(
              auditEntry(
                staffOf(request).staff,
                staffFrom(request),
                `member.subscription-${action === "cancel" ? "cancelled" : "resumed"}`,
                {
                  type: "member",
                  id: userId,
                },
                { before, after: await state(userId) },
              ),
            );
            return {
              message:
                action === "cancel"
                  ? "The subscription is cancelled: access lasts until the period ends."
                  : "The subscription is running again.",
            };
          });
        },
      );
    }
  };
}
