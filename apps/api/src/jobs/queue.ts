import PgBoss from "pg-boss";
import { describeDatabaseFault, isDatabaseUnavailable, postgresPoolConfig, type DatabaseHandle } from "@serene/db";
import type { FastifyBaseLogger } from "fastify";

export type JobQueue = PgBoss;

export interface JobDefinition {
  name: string;
  /** A cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  /** Takes the payload as queued (unknown until its schema reads it; see defineJob). */
  handler: (data: unknown) => Promise<unknown>;
}

/**
 * Opens pg-boss on the product's own database: PGlite through `executeSql`, PostgreSQL with its
 * own small pool. `work: false` only sends jobs (the API when workers run elsewhere).
 */
export async function startJobQueue(database: DatabaseHandle, options: { logger: FastifyBaseLogger; work: boolean }): Promise<JobQueue> {
  const common = {
    schema: "pgboss",
    supervise: options.work,
    schedule: options.work,
    migrate: true,
  } satisfies PgBoss.ConstructorOptions;
  const boss =
    database.driver === "postgres"
      ? // The same connection, statement and idle-transaction limits as the API's own pool (pg-boss hands its options to pg.Pool).
        new PgBoss({ ...common, ...(postgresPoolConfig(database.connectionString!, 4, database.timeouts) as PgBoss.DatabaseOptions) })
      : new PgBoss({ ...common, db: { executeSql: database.executeSql } });
  boss.on("error", (error) => {
    // A database that does not answer is one line per failed poll, not a stack trace each time.
    if (isDatabaseUnavailable(error)) options.logger.warn(`job queue: the database did not answer (${describeDatabaseFault(error)})`);
    else options.logger.error({ err: error }, "job queue error");
  });
  await boss.start();
  return boss;
}

/** Creates each job's queue, starts its worker (asking for work every `pollSeconds` while idle) and keeps its schedule. */
export async function registerJobs(boss: JobQueue, jobs: JobDefinition[], logger: FastifyBaseLogger, work: boolean, pollSeconds = 2) {
  for (const job of jobs) {
    await boss.createQueue(job.name);
    if (!work) continue;
    await boss.work<object>(job.name, { pollingIntervalSeconds: pollSeconds }, async ([item]) => {
      if (!item) return;
      const started = Date.now();
      const result = await job.handler(item.data ?? {});
      logger.info({ job: job.name, id: item.id, ms: Date.now() - started, result }, "job done");
      return result;
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
  }
}

export async function stopJobQueue(boss: JobQueue, timeoutMs: number) {
  await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: true });
}
