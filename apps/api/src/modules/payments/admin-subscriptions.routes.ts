import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MemberSubscriptionParams, MessageResponse } from "@serene/contracts";
import type { DatabaseHandle } from "@serene/db";
import { notFound } from "../../domain-errors.ts";
import { isUuid, routeDocs, staffErrors as errors, staffFrom, staffOf, staffOnly } from "../../http/index.ts";
import { createStaffRepository } from "../staff/staff.repository.ts";
import { auditEntry, type StaffService } from "../staff/staff.service.ts";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service.ts";
import type { PurchasesService } from "./purchases.service.ts";

/**
 * Support cancels or resumes a member's subscription on their behalf (decision 067): the member's own
 * commands, run with the change and its audit entry in one transaction (every query joins it); the
 * member is told as when they do it themselves.
 */
export function adminSubscriptionsRoutes(deps: {
  purchases: PurchasesService;
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
