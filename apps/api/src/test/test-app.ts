import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject, onTestFinished } from "vitest";
import { createDatabase, type DatabaseHandle } from "@serene/db";
import type { FastifyInstance } from "fastify";
import { buildApp, createServices, type Services } from "../app.ts";
import { loadConfig, type Config } from "../config.ts";
import { jobDefinitions } from "../jobs/index.ts";
import { registerJobs, startJobQueue, stopJobQueue, type JobQueue } from "../jobs/queue.ts";
import { useCheapPasswordHashing } from "../modules/accounts/passwords.ts";

/** A configuration for tests: the defaults, plus what a test overrides. */
export function testConfig(env: Record<string, string> = {}): Config {
  // Idle job workers ask for work every half second (the least pg-boss allows), so tests wait less for queued jobs.
  return loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent", JOBS_POLL_SECONDS: "0.5", ...env });
}

/** A fresh database copied from the migrated, seeded template of this run. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if ((process.env.TEST_DB_DRIVER ?? "pglite") === "pglite") {
    const dump = readFileSync(inject("pgliteTemplate"));
    return createDatabase({ driver: "pglite", loadDataDir: new Blob([dump]) });
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `serene_test_${randomBytes(4).toString("hex")}_${process.ppid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ driver: "postgres", url: url.toString(), poolMax: 4 });
  return {
    ...handle,
    close: async () => {
      // A pool waits for every connection it lent out; after a fault test one may never come back. Past the bound,
      // dropping the database with FORCE ends its connections, and the pool's close then finishes.
      const closed = handle.close();
      const inTime = await settlesWithin(closed, CLOSE_BOUND_MS);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (!inTime) await settlesWithin(closed, CLOSE_BOUND_MS);
      await admin.end();
    },
  };
}

/** How long a test database's close may wait for its pool before its connections are ended for it. */
const CLOSE_BOUND_MS = 10_000;

/** Whether `promise` settles within `ms` (its outcome is left to whoever else awaits it). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  services: Services;
  /** Waits for the work the app's answers left to do after them (link e-mails when no queue runs). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole API on its own database, driven with app.inject(). Passwords are hashed at a cheap
 * argon2 cost here (tests about the stored hash call `useProductionPasswordCost`).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  useCheapPasswordHashing(true);
  const database = await createTestDatabase();
  const config = testConfig(env);
  const services = createServices({ config, database });
  const app = await buildApp({ config, database, logger: false, services });
  await app.ready();
  if (process.env.TEST_KEYED_WRITES === "true" && database.driver === "postgres") keyEveryWrite(app);
  return {
    app,
    database,
    config,
    services,
    settled: () => services.background.settled(),
    close: async () => {
      await app.close();
      await services.close();
      await database.close();
    },
  };
}

/**
 * TEST_KEYED_WRITES=true (in `npm run test:deep`), on PostgreSQL: every write a test injects carries an
 * Idempotency-Key of its own, as the web app's do, so each runs inside the one transaction a keyed write
 * gets (decision 066) and every test of every write says whether it still behaves the same there.
 */
function keyEveryWrite(app: FastifyInstance) {
  const inject = app.inject.bind(app) as (options: unknown) => unknown;
  (app as unknown as { inject: (options?: unknown) => unknown }).inject = (options?: unknown) => {
    if (!options || typeof options !== "object") return inject(options);
    const request = options as { method?: string; headers?: Record<string, unknown> };
    const method = (request.method ?? "GET").toUpperCase();
    if (method === "GET" || method === "HEAD" || method === "OPTIONS" || request.headers?.["idempotency-key"] !== undefined)
      return inject(options);
    return inject({ ...request, headers: { ...request.headers, "idempotency-key": randomBytes(16).toString("hex") } });
  };
}

export interface QueuedTestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The worker's services, which run the queued jobs. */
  services: Services;
  boss: JobQueue;
  close(): Promise<void>;
}

const silent = { info: () => {}, error: () => {}, warn: () => {}, debug: () => {} } as never;

/**
 * The API with the job queue running, as `npm start` runs it. With `separateWorker`, the app makes
 * its own services and only sends jobs, while a worker with services of its own runs them (as
 * `npm run worker` does); otherwise the app and the worker share one set.
 */
export async function createQueuedTestApp(env: Record<string, string> = {}, { separateWorker = false } = {}): Promise<QueuedTestApp> {
  useCheapPasswordHashing(true);
  const database = await createTestDatabase();
  const boss = await startJobQueue(database, { logger: silent, work: true });
  const config = testConfig(env);
  const services = createServices({ config, database, jobs: boss });
  await registerJobs(boss, jobDefinitions(services), silent, { work: true, pollSeconds: config.jobs.pollSeconds });
  const app = await buildApp({ config, database, jobs: boss, logger: false, ...(separateWorker ? {} : { services }) });
  await app.ready();
  return {
    app,
    database,
    services,
    boss,
    close: async () => {
      await app.close();
      await stopJobQueue(boss, 2000);
      await services.close();
      await database.close();
    },
  };
}

/** For the rest of the running test, passwords are hashed at OWASP's cost (tests that check the hash the API stores). */
export function useProductionPasswordCost() {
  useCheapPasswordHashing(false);
  onTestFinished(() => useCheapPasswordHashing(true));
}
