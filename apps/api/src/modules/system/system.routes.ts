import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, HealthResponse, PingResponse } from "@serene/contracts";
import { errorsOnly, routeDocs } from "../../http/index.ts";
import type { HealthChecks } from "./health.service.ts";

/** GET /api/v1/ping: a cheap call the web app uses to see that the API answers. */
export const pingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/ping",
    {
      schema: {
        ...routeDocs("system")("Check that the API answers"),
        querystring: CacheBuster,
        response: { 200: PingResponse, ...errorsOnly(422) },
      },
    },
    async () => ({ message: "pong" as const, time: new Date().toISOString() }),
  );
};

/**
 * Liveness (the process answers) and readiness (the database and the job queue answer; a Redis that
 * does not makes it degraded, still 200). Probes for the platform, not part of the API the web app
 * calls, so the API document leaves them out.
 */
export function healthRoutes(checks: HealthChecks): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health/live", { schema: { hide: true, summary: "Liveness", response: { 200: HealthResponse } } }, async () => ({
      status: "ok" as const,
    }));
    app.get(
      "/health/ready",
      { schema: { hide: true, summary: "Readiness", response: { 200: HealthResponse, 503: HealthResponse } } },
      async (_request, reply) => {
        const result = await checks.run();
        return reply.code(result.status === "unavailable" ? 503 : 200).send(result);
      },
    );
  };
}
