import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { unauthenticated } from "../domain-errors.ts";
import type { AccessTokens, SignIn } from "../modules/accounts/access-tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in member and their token, set by `app.authenticate` on routes that need one. */
    auth: { signIn: SignIn; token: string } | null;
  }
  interface FastifyInstance {
    /** The onRequest hook of member-only routes: a live bearer token, or 401 (before any body or parameter is read). */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /** The answer belongs to one person without a bearer token (a new session token, a lead's e-mail): never cached. */
    personal?: boolean;
  }
}

/** Route options of an answer that belongs to one person though the request carries no token. */
export const personal = { config: { personal: true } } as const;

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,200})$/i;

/**
 * Authentication, once for the whole app: every request gets an empty `auth`, and member routes
 * name `app.authenticate` as their onRequest hook. Wrapped with fastify-plugin so the decorators
 * reach every module registered after it. Every answer to a signed-in request, and every route
 * marked `personal`, is sent with `Cache-Control: no-store`.
 */
export const authPlugin = fp<{ accessTokens: AccessTokens }>(
  async (app, { accessTokens }) => {
    app.decorateRequest("auth", null);
    app.decorate("authenticate", async function authenticate(request: FastifyRequest) {
      const match = BEARER.exec(request.headers.authorization ?? "");
      const signIn = match ? await accessTokens.authenticate(match[1]!) : null;
      if (!signIn) throw unauthenticated();
      request.auth = { signIn, token: match![1]! };
    });
    // A signed-in member's answers, and answers that hand out a session, stay out of every cache
    // (the browser's, a proxy's); a route that chose its own Cache-Control keeps it.
    app.addHook("onSend", (request, reply, payload, done) => {
      if ((request.auth || request.routeOptions.config.personal) && !reply.hasHeader("cache-control")) {
        reply.header("cache-control", "no-store");
      }
      done(null, payload);
    });
  },
  { name: "serene-auth", fastify: "5.x" },
);

/**
 * The bearer token a request carries, live or not, without authenticating it: for a route open to
 * visitors that treats the browser's own session specially (a proof of the address keeps it).
 */
export function bearerTokenOf(request: FastifyRequest): string | null {
  return BEARER.exec(request.headers.authorization ?? "")?.[1] ?? null;
}

/** The member of a route behind `app.authenticate`. */
export function authOf(request: FastifyRequest) {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
