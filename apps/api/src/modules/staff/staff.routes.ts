import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AcceptInvitationBody,
  AuditPage,
  ConfirmInvitationBody,
  InvitationInfo,
  InvitationParams,
  MessageResponse,
  PageQuery,
  SessionIdParams,
  StaffChallenge,
  StaffIdParams,
  StaffInviteBody,
  StaffList,
  StaffMe,
  StaffRoleBody,
  StaffSession,
  StaffSessions,
  StaffSignInBody,
  StaffVerifyBody,
  TotpEnrollment,
} from "@serene/contracts";
import { normalizeEmail, type StaffPermission } from "@serene/domain";
import { limitPerAddress, routeDocs, staffErrors as errors, staffFrom, staffOf, staffOnly as staffOnlyFor } from "../../http/index.ts";
import { personal } from "../../plugins/auth.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { StaffService } from "./staff.service.ts";

/**
 * The operator console's staff calls (decision 067), under /api/v1/admin. A staff route checks a live
 * staff session (401 otherwise, whatever a member's token says) and then the permission its operation
 * needs (403). Every answer is personal: never cached.
 */
export function staffRoutes(service: StaffService, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest("staff", null);
    const docs = routeDocs("admin", "staff");
    const open = routeDocs("admin", "public");
    const staffOnly = (permission?: StaffPermission) => staffOnlyFor(service, permission);

    app.post(
      "/admin/sign-in",
      {
        ...personal,
        preHandler: limitPerAddress(limiter, "staffSignIn", (request) => normalizeEmail((request.body as { email: string }).email)),
        schema: {
          ...open("Staff sign-in, first step: e-mail and password; answers a challenge for the second factor"),
          body: StaffSignInBody,
          response: { 200: StaffChallenge, ...errors },
        },
      },
      (request) => service.signIn(request.body, staffFrom(request)),
    );
    app.post(
      "/admin/sign-in/verify",
      {
        ...personal,
        preHandler: limitPerAddress(limiter, "staffCode", (request) => (request.body as { challenge: string }).challenge.slice(-16)),
        schema: {
          ...open("Staff sign-in, second step: a code from the authenticator app or a recovery code; answers a staff session"),
          body: StaffVerifyBody,
          response: { 200: StaffSession, ...errors },
        },
      },
      (request) => service.verify(request.body.challenge, request.body.code, staffFrom(request)),
    );
    app.get(
      "/admin/invitations/:token",
      {
        ...personal,
        preHandler: limitPerAddress(limiter, "staffInvitation"),
        schema: {
          ...open("What an invitation link is for: its address and role"),
          params: InvitationParams,
          response: { 200: InvitationInfo, ...errors },
        },
      },
      async (request) => ({ data: await service.invitation(request.params.token) }),
    );
    app.post(
      "/admin/invitations/:token/accept",
      {
        ...personal,
        preHandler: limitPerAddress(limiter, "staffInvitation"),
        schema: {
          ...open("Accept an invitation: a name and a password; answers the TOTP secret to add to an authenticator app"),
          params: InvitationParams,
          body: AcceptInvitationBody,
          response: { 200: TotpEnrollment, ...errors },
        },
      },
      (request) => service.acceptInvitation(request.params.token, request.body),
    );
    app.post(
      "/admin/invitations/:token/confirm",
      {
        ...personal,
        preHandler: limitPerAddress(limiter, "staffCode"),
        schema: {
          ...open(
            "Confirm two-factor sign-in with the app's first code: the account is active; answers a session and the recovery codes, once",
          ),
          params: InvitationParams,
          body: ConfirmInvitationBody,
          response: { 200: StaffSession, ...errors },
        },
      },
      (request) => service.confirmInvitation(request.params.token, request.body.code, staffFrom(request)),
    );

    app.get(
      "/admin/me",
      {
        ...staffOnly(),
        schema: { ...docs("The signed-in member of staff, with their role's permissions"), response: { 200: StaffMe, ...errors } },
      },
      (request) => ({ data: service.present(staffOf(request).staff) }),
    );
    app.post(
      "/admin/sign-out",
      { ...staffOnly(), schema: { ...docs("End this staff session"), response: { 200: MessageResponse, ...errors } } },
      async (request) => {
        await service.signOut(staffOf(request));
        return { message: "Signed out." };
      },
    );
    app.get(
      "/admin/sessions",
      { ...staffOnly(), schema: { ...docs("The signed-in member of staff's live sessions"), response: { 200: StaffSessions, ...errors } } },
      async (request) => ({ data: await service.sessions(staffOf(request)) }),
    );
    app.delete(
      "/admin/sessions/:id",
      {
        ...staffOnly(),
        schema: {
          ...docs("End one of the signed-in member of staff's sessions"),
          params: SessionIdParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      (request) => service.endSession(staffOf(request), request.params.id),
    );

    app.get(
      "/admin/staff",
      { ...staffOnly("staff.manage"), schema: { ...docs("Every staff account (owners)"), response: { 200: StaffList, ...errors } } },
      async () => ({ data: await service.list() }),
    );
    app.post(
      "/admin/staff",
      {
        ...staffOnly("staff.manage"),
        schema: {
          ...docs("Invite someone to the staff by e-mail, with a role (owners)"),
          body: StaffInviteBody,
          response: { 201: StaffMe, ...errors },
        },
      },
      async (request, reply) => {
        const invited = await service.invite(staffOf(request).staff, request.body, staffFrom(request));
        reply.code(201);
        return { data: invited.staff };
      },
    );
    app.patch(
      "/admin/staff/:id",
      {
        ...staffOnly("staff.manage"),
        schema: {
          ...docs("Change a staff member's role (owners)"),
          params: StaffIdParams,
          body: StaffRoleBody,
          response: { 200: StaffMe, ...errors },
        },
      },
      async (request) => ({
        data: await service.changeRole(staffOf(request).staff, request.params.id, request.body.role, staffFrom(request)),
      }),
    );
    app.post(
      "/admin/staff/:id/disable",
      {
        ...staffOnly("staff.manage"),
        schema: {
          ...docs("Disable a staff account: its sessions end at once (owners)"),
          params: StaffIdParams,
          response: { 200: StaffMe, ...errors },
        },
      },
      async (request) => ({ data: await service.disable(staffOf(request).staff, request.params.id, staffFrom(request)) }),
    );

    app.get(
      "/admin/audit",
      {
        ...staffOnly("audit.read"),
        schema: { ...docs("The audit log, newest first (owners)"), querystring: PageQuery, response: { 200: AuditPage, ...errors } },
      },
      (request) => service.auditPage(request.query.page, request.query.per_page),
    );
    app.get(
      "/admin/audit.csv",
      { ...staffOnly("audit.read"), schema: { ...docs("The whole audit log as CSV, oldest first (owners)") } },
      async (_request, reply: FastifyReply) => {
        reply.type("text/csv; charset=utf-8").header("content-disposition", 'attachment; filename="audit-log.csv"');
        return service.auditCsv();
      },
    );
  };
}
