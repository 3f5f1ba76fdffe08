import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MemberParams, MessageResponse } from "@serene/contracts";
import type { DatabaseHandle } from "@serene/db";
import { conflict, notFound } from "../../domain-errors.ts";
import { isUuid, routeDocs, staffErrors as errors, staffFrom, staffOf, staffOnly } from "../../http/index.ts";
import { createStaffRepository } from "../staff/staff.repository.ts";
import { auditEntry, type StaffService } from "../staff/staff.service.ts";
import type { AccountRecoveryService } from "./account-recovery.service.ts";
import type { AccountsRepository } from "./accounts.repository.ts";

export const REMOVAL_UNDER_WAY_MESSAGE = "This account is already being removed.";

/**
 * Support starts a member's account removal (decision 067): the member gets the same confirmation link
 * their own request sends, and the account goes only when they confirm it. Audited in the same transaction.
 */
export function adminRemovalRoutes(deps: {
  recovery: Pick<AccountRecoveryService, "sendRemovalLink">;
  accounts: Pick<AccountsRepository, "findUserById">;
  staff: StaffService;
  database: DatabaseHandle;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/admin/members/:id/removal",
      {
        ...staffOnly(deps.staff, "members.write"),
        schema: {
          ...routeDocs(
            "admin",
            "staff",
          )("Start a member's account removal: they get the confirmation link, and the account goes once they confirm"),
          params: MemberParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        const user = isUuid(request.params.id) ? await deps.accounts.findUserById(request.params.id.toLowerCase()) : null;
        if (!user) throw notFound("Member not found.");
        if (user.deletionDueAt) throw conflict(REMOVAL_UNDER_WAY_MESSAGE);
        return deps.database.inOneTransaction(async () => {
          const { sent } = await deps.recovery.sendRemovalLink(user.email, randomUUID());
          if (!sent) throw conflict(REMOVAL_UNDER_WAY_MESSAGE);
          await createStaffRepository(deps.database.db).audit(
            auditEntry(
              staffOf(request).staff,
              staffFrom(request),
              "member.removal-started",
              { type: "member", id: user.id },
              { after: { sent_to: user.email } },
            ),
          );
          return { message: `The removal link was sent to ${user.email}. The account is removed once they confirm it.` };
        });
      },
    );
  };
}
