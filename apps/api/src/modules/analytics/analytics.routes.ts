import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AnalyticsEventAccepted, AnalyticsEventBody, CacheBuster } from "@serene/contracts";
import { limitPerAddress, publicErrors, routeDocs } from "../../http/index.ts";
import type { RateLimiter } from "../../plugins/rate-limit.ts";
import type { AnalyticsService } from "./analytics.service.ts";

/** Events are small; anything bigger than this is not an event. */
const EVENT_BODY_LIMIT = 8 * 1024;

export function analyticsRoutes(service: AnalyticsService, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/events",
      {
        bodyLimit: EVENT_BODY_LIMIT,
        // Per client address and per browser session (RATE_LIMITS.events), once the body is valid: 429 with Retry-After beyond.
        preHandler: limitPerAddress(limiter, "events", (request) => (request.body as AnalyticsEventBody).session_id ?? null),
        schema: {
          ...routeDocs("analytics")("Record a first-party analytics event (page view, product event)"),
          querystring: CacheBuster,
          body: AnalyticsEventBody,
          response: { 202: AnalyticsEventAccepted, ...publicErrors },
        },
      },
      async (request, reply) => {
        await service.record(request.body);
        return reply.code(202).send({ message: "Accepted" });
      },
    );
  };
}
