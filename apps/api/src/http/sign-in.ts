import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { staffMay, type StaffPermission } from "@serene/domain";
import { forbidden, unauthenticated } from "../domain-errors.ts";
import type { StaffService, StaffSignIn } from "../modules/staff/staff.service.ts";
import { authOf, personal } from "../plugins/auth.ts";

/**
 * Route options of a member-only route: the bearer check first (401 before any body or parameter is
 * read), then `after` (a rate limit per member, see rate-limits.ts).
 */
export function memberOnly(app: FastifyInstance, ...after: onRequestAsyncHookHandler[]) {
  return { onRequest: [app.authenticate, ...after] };
}

/**
 * Route options of a route open to visitors and members: when a bearer token is sent it must be live
 * (else 401); without one the caller is a visitor (`request.auth` stays null).
 */
export function optionalMember(app: FastifyInstance) {
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== undefined) await app.authenticate.call(app, request, reply);
  };
  return { onRequest: [hook] };
}

/** The signed-in member of a route behind `memberOnly` (their user, token id, trust). */
export const signInOf = (request: FastifyRequest) => authOf(request).signIn;

/** The id of the signed-in member of a route behind `memberOnly`. */
export const memberIdOf = (request: FastifyRequest) => authOf(request).signIn.user.id;

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member of staff, set by a staff route's onRequest hook. */
    staff: StaffSignIn | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,200})$/i;
export const STAFF_FORBIDDEN_MESSAGE = "Your role does not allow this.";

/**
 * Route options of a staff route of the operator console (decision 067): a live staff session (401
 * otherwise, whatever a member's token says), then the permission its operation needs (403 for a role
 * without it). The member of staff is `request.staff`; the answer is personal (never cached).
 */
export function staffOnly(staff: Pick<StaffService, "authenticate">, permission?: StaffPermission) {
  return {
    ...personal,
    onRequest: [
      async (request: FastifyRequest) => {
        const match = BEARER.exec(request.headers.authorization ?? "");
        const signIn = match ? await staff.authenticate(match[1]!) : null;
        if (!signIn) throw unauthenticated();
        if (permission && !staffMay(signIn.role, permission)) throw forbidden(STAFF_FORBIDDEN_MESSAGE);
        request.staff = signIn;
      },
    ],
  };
}

/** Where a staff request came from, for the audit log and the sessions list. */
export const staffFrom = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"]?.slice(0, 300) ?? null });

/** The signed-in member of staff of a route behind `staffOnly`. */
export const staffOf = (request: FastifyRequest) => request.staff!;
