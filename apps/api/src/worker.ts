import pino from "pino";
import { createServices } from "./app";
import { jobDefinitions } from "./jobs";
import { ConfigError, loadConfig, loadDotEnv } from "./config";
import { registerJobs, startJobQueue, stopJobQueue } from "./jobs/queue";
import { loggerOptions } from "./logger";
import { openDatabase } from "./runtime";

/** A job worker in its own process, for deployments that run the API with JOBS_IN_PROCESS=false. */
async function main() {
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.database.driver !== "postgres") {
    console.error("npm run worker needs DATABASE_URL: the embedded database belongs to one process, and npm start already runs its jobs.");
    process.exit(1);
  }
  const logger = pino(loggerOptions(config.logLevel));
  const database = await openDatabase(config, logger);
  const jobs = await startJobQueue(database, { logger, work: true });
  const services = createServices({ config, database, jobs, logger });
  await registerJobs(jobs, jobDefinitions(services), logger, true, config.jobsPollSeconds);
  logger.info("job worker ready");

  const shutdown = async () => {
    logger.info("worker stopping: letting running jobs finish");
    await stopJobQueue(jobs, config.shutdownTimeoutMs);
    await services.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());
}

void main();
