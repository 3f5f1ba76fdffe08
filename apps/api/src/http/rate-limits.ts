import type { FastifyRequest } from "fastify";
import type { RateLimiter, RateLimitName } from "../plugins/rate-limit.ts";
import { memberIdOf } from "./sign-in.ts";

/**
 * A route's own limit (RATE_LIMITS in plugins/rate-limit.ts), counted per client address and per
 * signed-in member: 429 with Retry-After beyond it. Goes after the bearer check:
 * `memberOnly(app, limitPerMember(limiter, "noteWrite"))`, or as the `preHandler` of a member route
 * whose body must be valid before it counts.
 */
export function limitPerMember(limiter: RateLimiter, name: RateLimitName) {
  return async (request: FastifyRequest) => limiter.consume(name, request.ip, memberIdOf(request));
}

/**
 * A route's own limit counted per client address and, when `accountOf` names one, per that account
 * (a browser session, a card). As a `preHandler` when the account is read from the body.
 */
export function limitPerAddress(limiter: RateLimiter, name: RateLimitName, accountOf?: (request: FastifyRequest) => string | null) {
  return async (request: FastifyRequest) => limiter.consume(name, request.ip, accountOf?.(request) ?? null);
}
