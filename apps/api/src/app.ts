import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "@serene/db";
import type { Config } from "./config";
import type { JobDefinition, JobQueue } from "./jobs/queue";
import { pruneAnalyticsJob } from "./jobs/prune-analytics.job";
import { loggerOptions } from "./logger";
import { createAnalyticsRepository } from "./modules/analytics/analytics.repository";
import { analyticsRoutes } from "./modules/analytics/analytics.routes";
import { createAnalyticsService } from "./modules/analytics/analytics.service";
import { createFaqRepository } from "./modules/faq/faq.repository";
import { faqRoutes } from "./modules/faq/faq.routes";
import { createFaqService } from "./modules/faq/faq.service";
import { createHealthChecks } from "./modules/system/health.service";
import { healthRoutes, pingRoutes } from "./modules/system/system.routes";
import { registerErrorHandler, sendError } from "./plugins/errors";
import { registerOpenApi } from "./plugins/openapi";
import { registerSecurityHeaders } from "./plugins/security";
import { registerWebApp } from "./plugins/web";

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The job queue when one runs; health checks report on it. */
  jobs?: JobQueue | null;
  /** The process logger to share, or false for none (tests); by default the app makes its own. */
  logger?: FastifyBaseLogger | false;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The services of the product, built once per app from its dependencies. */
export function createServices({ config, database }: Pick<AppDependencies, "config" | "database">) {
  const brand = { product: config.appName, email: config.supportEmail };
  const analytics = createAnalyticsService(createAnalyticsRepository(database.db), {
    retentionDays: config.analyticsRetentionDays,
  });
  return {
    analytics,
    faq: createFaqService(createFaqRepository(database.db), brand),
  };
}
export type Services = ReturnType<typeof createServices>;

/** Every background job of the product. */
export function jobDefinitions(services: Services): JobDefinition[] {
  return [pruneAnalyticsJob(services.analytics)];
}

/** Builds the whole HTTP application. It never listens; server.ts and tests decide that. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger === false
      ? { logger: false }
      : deps.logger
        ? { loggerInstance: deps.logger }
        : { logger: loggerOptions(config.logLevel) }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a body in any other type is refused with 415 instead of being half-read.
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  registerErrorHandler(app);
  // Brotli or gzip for text responses (HTML, scripts, styles, JSON) above 1 KiB.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app, config);

  const services = createServices(deps);
  const jobs = deps.jobs;
  const jobChecks: Record<string, () => Promise<boolean>> = jobs ? { jobs: async () => (await jobs.isInstalled()) === true } : {};

  await app.register(healthRoutes(createHealthChecks(database.db, jobChecks)));
  await app.register(
    async (api) => {
      await api.register(pingRoutes);
      await api.register(faqRoutes(services.faq));
      await api.register(analyticsRoutes(services.analytics));
    },
    { prefix: "/api/v1" },
  );
  app.get("/api", { schema: { hide: true } }, (_request, reply) => sendError(reply, 404, { message: "Not found." }));
  await registerWebApp(app, config);
  return app;
}
