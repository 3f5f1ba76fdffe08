import type { DatabaseHandle } from "@serene/db";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { buildApp, buildProbeApp, createServices, type Services } from "./app.ts";
import { ConfigError, loadConfig, loadDotEnv, type Config } from "./config.ts";
import { jobDefinitions } from "./jobs/index.ts";
import { registerJobs, startJobQueue, stopJobQueue, type JobQueue } from "./jobs/queue.ts";
import { createLogger } from "./logger.ts";
import { openDatabase } from "./runtime.ts";

function readConfig(role: Config["role"] | undefined): Config {
  try {
    loadDotEnv();
    return loadConfig(role ? { ...process.env, ROLE: role } : process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const ROLE_NAMES: Record<Config["role"], string> = { all: "API and job worker", api: "API node", worker: "job worker" };

/**
 * Starts one process of Serene in its role (decision 065): `all` (the default, one machine) serves
 * the API and runs the jobs; `api` serves and only sends jobs; `worker` runs the jobs and answers
 * only the health probes. SIGTERM or SIGINT stops taking new requests (the listener closes, and a
 * request on a kept-alive connection is answered 503, which the load balancer reads as "not
 * ready"), lets what is running finish within SHUTDOWN_TIMEOUT_MS (a job still running then is
 * handed back to the queue, which gives it to another worker), and exits.
 */
export async function startNode(role?: Config["role"]): Promise<void> {
  const config = readConfig(role);
  const logger = createLogger(config.logLevel, config.logFormat === "auto" ? autoFormat(config) : config.logFormat);
  const where = config.database.driver === "postgres" ? "PostgreSQL" : `PGlite at ${config.database.dataDir}`;
  logger.info(`starting as ${ROLE_NAMES[config.role]}; opening the database (${where})`);
  const database = await openDatabase(config, logger);

  const { jobs, services } = await startJobs(config, database, logger).catch(async (error: unknown) => {
    logger.error({ err: error }, "the job queue could not start");
    await database.close();
    return process.exit(1);
  });
  const app: FastifyInstance =
    config.role === "worker"
      ? await buildProbeApp({ config, database, jobs, logger, metrics: services.metrics })
      : await buildApp({ config, database, jobs, logger, services });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: no new requests or jobs; finishing what is running");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    force.unref();
    try {
      await Promise.all([app.close(), stopJobQueue(jobs, config.shutdownTimeoutMs)]);
      await services.close();
      await database.close();
      logger.info("stopped cleanly");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    logger.error({ err: error }, `could not listen on ${config.host}:${config.port}`);
    await shutdown("listen-failed");
    return;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  if (config.role === "worker") logger.info(`job worker ready (health on port ${port})`);
  else logger.info(`${config.appName} is ready: open http://localhost:${port}`);
}

/** The job queue (working it unless this is an API node) and the services its jobs and the API share. */
async function startJobs(config: Config, database: DatabaseHandle, logger: Logger): Promise<{ jobs: JobQueue; services: Services }> {
  const works = config.role !== "api";
  const jobs = await startJobQueue(database, { logger, work: works, maintenanceSeconds: config.jobs.maintenanceSeconds });
  const services = createServices({ config, database, jobs, logger, processMetrics: true });
  await services.changes.start();
  await registerJobs(jobs, jobDefinitions(services), logger, {
    work: works,
    pollSeconds: config.jobs.pollSeconds,
    expireSeconds: config.jobs.expireSeconds,
    onOutcome: services.metrics.job,
  });
  return { jobs, services };
}

/** Readable lines for a person at a development terminal; JSON lines everywhere else. */
function autoFormat(config: Config): "json" | "pretty" {
  return !config.isProduction && process.stdout.isTTY ? "pretty" : "json";
}
