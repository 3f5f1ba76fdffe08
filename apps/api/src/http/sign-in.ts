import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { authOf } from "../plugins/auth.ts";

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
