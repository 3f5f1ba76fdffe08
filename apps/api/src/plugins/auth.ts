import type { FastifyRequest } from "fastify";
import { HttpError } from "../http-error";
import type { Session, Sessions } from "../modules/accounts/sessions";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member, set by `authenticate` on routes that need one. */
    auth: { session: Session; token: string } | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,200})$/i;

export const unauthenticated = () => new HttpError(401, "Unauthenticated.");

/** An onRequest hook for member-only routes: a live bearer token, or 401 (before any body or parameter is read). */
export function authenticate(sessions: Sessions) {
  return async (request: FastifyRequest) => {
    const match = BEARER.exec(request.headers.authorization ?? "");
    const session = match ? await sessions.authenticate(match[1]!) : null;
    if (!session) throw unauthenticated();
    request.auth = { session, token: match![1]! };
  };
}

/** The member of a route behind `authenticate`. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
