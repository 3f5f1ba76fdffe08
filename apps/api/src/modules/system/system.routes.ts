import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CacheBuster, HealthResponse, PingResponse } from "@serene/contracts";
import type { HealthChecks } from "./health.service";

/** GET /api/v1/ping: a cheap call the web app uses to see that the API answers. */
export const pingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/ping",
    { schema: { tags: ["system"], summary: "Check that the API answers", querystring: CacheBuster, response: { 200: PingResponse } } },
    async () => ({ message: "pong" as const, time: new Date().toISOString() }),
  );
};

/** Liveness (the process answers) and readiness (the database and the job queue answer; a Redis that does not makes it degraded, still 200). */
export function healthRoutes(checks: HealthChecks): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/health/live", { schema: { tags: ["system"], summary: "Liveness", response: { 200: HealthResponse } } }, async () => ({
      status: "ok" as const,
    }));
    app.get(
      "/health/ready",
      { schema: { tags: ["system"], summary: "Readiness", response: { 200: HealthResponse, 503: HealthResponse } } },
      async (_request, reply) => {
        const result = await checks.run();
        return reply.code(result.status === "unavailable" ? 503 : 200).send(result);
      },
    );
  };
}
