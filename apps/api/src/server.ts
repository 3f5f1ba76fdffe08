import pino from "pino";
import { buildApp, createServices } from "./app";
import { jobDefinitions } from "./jobs";
import { ConfigError, loadConfig, loadDotEnv, type Config } from "./config";
import { registerJobs, startJobQueue, stopJobQueue, type JobQueue } from "./jobs/queue";
import { loggerOptions } from "./logger";
import { openDatabase } from "./runtime";

function readConfig(): Config {
  try {
    loadDotEnv();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logger = pino(loggerOptions(config.logLevel));
  const where = config.database.driver === "postgres" ? "PostgreSQL" : `PGlite at ${config.database.dataDir}`;
  logger.info(`opening the database (${where})`);
  const database = await openDatabase(config, logger);

  let jobs: JobQueue | null = null;
  let jobServices: ReturnType<typeof createServices> | null = null;
  try {
    jobs = await startJobQueue(database, { logger, work: config.jobsInProcess });
    jobServices = createServices({ config, database, jobs, logger });
    await registerJobs(jobs, jobDefinitions(jobServices), logger, config.jobsInProcess, config.jobsPollSeconds);
  } catch (error) {
    logger.error({ err: error }, "the job queue could not start");
    await database.close();
    process.exit(1);
  }

  const app = await buildApp({ config, database, jobs, logger, ...(jobServices ? { services: jobServices } : {}) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000);
    force.unref();
    try {
      await app.close();
      if (jobs) await stopJobQueue(jobs, config.shutdownTimeoutMs);
      await jobServices?.close();
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
  logger.info(`${config.appName} is ready: open http://localhost:${port}`);
}

void main();
