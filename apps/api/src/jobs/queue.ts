import PgBoss from "pg-boss";
import { describeDatabaseFault, isDatabaseUnavailable, postgresPoolConfig, type DatabaseHandle } from "@serene/db";
import type { FastifyBaseLogger } from "fastify";

export type JobQueue = PgBoss;

/**
 * How a queue is worked (decision 065). A worker fetches up to `batchSize` jobs at once and runs
 * them side by side, completing or failing each as it ends; a full batch fetches the next at once,
 * and an empty queue is asked again every `pollSeconds`. A job still running `expireInSeconds`
 * after it started (its worker died) goes back to the queue for another worker.
 */
export interface QueuePolicy {
  batchSize: number;
  /** Seconds between asks while the queue is idle; null uses JOBS_POLL_SECONDS. */
  pollSeconds: number | null;
  expireInSeconds: number;
}

/** Every queue unless its job says otherwise: 25 at a time (about 50 a second and more per worker). */
export const DEFAULT_QUEUE_POLICY: QueuePolicy = { batchSize: 25, pollSeconds: null, expireInSeconds: 15 * 60 };

/** A queue a person waits on (a reset link, an e-mail): asked twice a second while idle, handed back after a minute. */
export const PROMPT_QUEUE_POLICY: Partial<QueuePolicy> = { pollSeconds: 0.5, expireInSeconds: 60 };

/** Sent with this priority, a job goes before every job of its queue sent without one. */
export const URGENT = 10;

export interface JobDefinition {
  name: string;
  /** A cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  /** How its queue is worked; the default policy where left out. */
  policy?: Partial<QueuePolicy>;
  /** Takes the payload as queued (unknown until its schema reads it; see defineJob). */
  handler: (data: unknown) => Promise<unknown>;
}

export interface JobOutcome {
  queue: string;
  outcome: "completed" | "failed";
  ms: number;
}

export interface WorkOptions {
  /** false: only create the queues and send (an API node whose jobs run elsewhere). */
  work: boolean;
  /** Seconds between asks of an idle queue whose policy does not set its own. */
  pollSeconds: number;
  /** Told of every job that ends (the metrics). */
  onOutcome?: (outcome: JobOutcome) => void;
  /** The longest any queue lets a job run before another worker may take it (JOBS_EXPIRE_SECONDS). */
  expireSeconds?: number | null;
}

/**
 * Opens pg-boss on the product's own database: PGlite through `executeSql`, PostgreSQL with its
 * own small pool. `work: false` only sends jobs (the API when workers run elsewhere). The
 * supervisor looks for jobs whose worker died every `maintenanceSeconds`.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  options: { logger: FastifyBaseLogger; work: boolean; maintenanceSeconds?: number },
): Promise<JobQueue> {
  const common = {
    schema: "pgboss",
    supervise: options.work,
    schedule: options.work,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 10,
  } satisfies PgBoss.ConstructorOptions;
  const boss =
    database.driver === "postgres"
      ? // The same connection, statement and idle-transaction limits as the API's own pool (pg-boss hands its options to pg.Pool).
        new PgBoss({ ...common, ...(postgresPoolConfig(database.connectionString!, 4, database.timeouts) as PgBoss.DatabaseOptions) })
      : new PgBoss({ ...common, db: { executeSql: database.executeSql } });
  if (database.driver === "postgres") {
    // A job sent by a write inside its one transaction (a keyed write, decision 066) is written by that
    // transaction, so it runs only if the write commits. PGlite's queue already uses the handle's own SQL.
    const send = boss.send.bind(boss) as (name: string, data?: object | null, options?: PgBoss.SendOptions) => Promise<string | null>;
    boss.send = ((name: string, data?: object | null, options?: PgBoss.SendOptions) =>
      send(name, data, database.inTransaction() ? { ...options, db: { executeSql: database.executeSql } } : options)) as PgBoss["send"];
  }
  boss.on("error", (error) => {
    // A database that does not answer is one line per failed poll, not a stack trace each time.
    if (isDatabaseUnavailable(error)) options.logger.warn(`job queue: the database did not answer (${describeDatabaseFault(error)})`);
    else options.logger.error({ err: error }, "job queue error");
  });
  await boss.start();
  return boss;
}

/** The policy a job's queue is worked with, its expiry no longer than `expireCap` seconds when one is set. */
export function queuePolicy(job: Pick<JobDefinition, "policy">, expireCap: number | null = null): QueuePolicy {
  const policy = { ...DEFAULT_QUEUE_POLICY, ...job.policy };
  return expireCap ? { ...policy, expireInSeconds: Math.min(policy.expireInSeconds, expireCap) } : policy;
}

/**
 * Creates each job's queue (with its expiry), starts its worker and keeps its schedule. Each job
 * of a batch is completed or failed on its own as it ends, so a worker that dies mid-batch hands
 * back only the jobs it had not finished.
 */
export async function registerJobs(boss: JobQueue, jobs: JobDefinition[], logger: FastifyBaseLogger, options: WorkOptions) {
  for (const job of jobs) {
    const policy = queuePolicy(job, options.expireSeconds);
    await boss.createQueue(job.name, { name: job.name, expireInSeconds: policy.expireInSeconds });
    await boss.updateQueue(job.name, { name: job.name, expireInSeconds: policy.expireInSeconds });
    if (!options.work) continue;
    const pollingIntervalSeconds = policy.pollSeconds ?? options.pollSeconds;
    const workerId: string = await boss.work<object>(job.name, { batchSize: policy.batchSize, pollingIntervalSeconds }, async (batch) => {
      await Promise.all(
        batch.map(async (item) => {
          const started = Date.now();
          try {
            const result = await job.handler(item.data ?? {});
            await boss.complete(job.name, item.id, toOutput(result));
            logger.info({ job: job.name, id: item.id, ms: Date.now() - started, result }, "job done");
            options.onOutcome?.({ queue: job.name, outcome: "completed", ms: Date.now() - started });
          } catch (error) {
            await boss.fail(job.name, item.id, error instanceof Error ? { message: error.message } : { message: String(error) });
            logger.error({ err: error, job: job.name, id: item.id }, "job failed");
            options.onOutcome?.({ queue: job.name, outcome: "failed", ms: Date.now() - started });
          }
        }),
      );
      // A full batch means more are likely waiting: ask again at once instead of after the idle pause.
      if (batch.length === policy.batchSize) boss.notifyWorker(workerId);
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: "UTC" });
  }
}

/** pg-boss keeps a job's output as JSON: an object as it is, anything else wrapped. */
function toOutput(result: unknown): object | undefined {
  if (result === undefined || result === null) return undefined;
  return typeof result === "object" ? result : { value: result };
}

export async function stopJobQueue(boss: JobQueue, timeoutMs: number) {
  await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: true });
}
