import { createDatabase, describeDatabaseFault, isDatabaseUnavailable, migrate, type DatabaseHandle } from "@serene/db";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import { DEMO_OWNER, seedDemoAccounts, seedDemoOwner } from "./seed/demo-accounts.ts";
import { seedDemoPractice } from "./seed/demo-practice.ts";
import { seedContent } from "./seed/seed.ts";

/** Start-up gave up on a database that did not answer; the message is the one line to print. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseUnreachableError";
  }
}

export interface WaitOptions {
  /** Keep trying this long after the first attempt; 0 tries once. */
  timeoutMs: number;
  /** The pause after the first failed attempt; each next pause doubles, up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Waits until the database answers a trivial query: a database that is still starting, or not
 * reachable yet, is tried again with growing pauses, one log line per failed attempt (no stack
 * trace). Gives up with DatabaseUnreachableError after `timeoutMs`. Any other error (a wrong
 * password, a missing database) is thrown at once: waiting would not help.
 */
export async function waitForDatabase(
  database: DatabaseHandle,
  logger: Pick<FastifyBaseLogger, "warn">,
  { timeoutMs, firstDelayMs = 500, maxDelayMs = 5_000 }: WaitOptions,
): Promise<void> {
  const started = Date.now();
  let delay = firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await database.executeSql("select 1");
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = describeDatabaseFault(error);
      const left = timeoutMs - (Date.now() - started);
      if (left <= 0) {
        throw new DatabaseUnreachableError(
          `the database did not answer after ${attempt} attempt${attempt === 1 ? "" : "s"} in ${seconds(Date.now() - started)} (${reason}); giving up (DATABASE_START_TIMEOUT_MS=${timeoutMs})`,
        );
      }
      const pause = Math.min(delay, left);
      logger.warn(`the database does not answer yet (${reason}); attempt ${attempt}, trying again in ${seconds(pause)}`);
      await new Promise((resolve) => setTimeout(resolve, pause));
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}

/** The advisory lock that lets one starting node at a time migrate and load content (decision 065). */
const START_LOCK = 65_001;

/**
 * Applies pending migrations and loads shipped content (and, outside production, the demo data).
 * On PostgreSQL this runs on a connection of its own without the statement limit (building an
 * index on a large table may rightly take longer than a request may), holding an advisory lock:
 * nodes that start together take turns, and each after the first finds nothing left to do.
 */
async function prepareContent(config: Config, database: DatabaseHandle, logger: FastifyBaseLogger) {
  if (config.database.driver !== "postgres") return migrateAndSeed(config, database, logger);
  const starter = await createDatabase({
    ...config.database,
    poolMax: 1,
    timeouts: { ...config.database.timeouts, statementTimeoutMs: 0 },
  });
  try {
    await starter.executeSql(`select pg_advisory_lock(${START_LOCK})`);
    await migrateAndSeed(config, starter, logger);
  } finally {
    // Closing the connection releases the lock.
    await starter.close();
  }
}

async function migrateAndSeed(config: Config, database: DatabaseHandle, logger: FastifyBaseLogger) {
  await migrate(database);
  const seeded = await seedContent(database.db);
  if (seeded.loaded) logger.info({ faq: seeded.faq }, "content loaded");
  if (config.seedDemoData) {
    const created = await seedDemoAccounts(database.db);
    if (created > 0) logger.info({ accounts: created }, "demo accounts created (see README)");
    const owner = await seedDemoOwner(database.db, config.staff.secretsKey);
    if (owner) {
      // Shown this once: the demo owner signs in to /admin with the password and a code from this secret.
      logger.info(
        { email: DEMO_OWNER.email, totpSecret: owner.secret, otpauth: owner.uri },
        `demo owner created for /admin: ${DEMO_OWNER.email}, password ${DEMO_OWNER.password}; add the TOTP secret ${owner.secret} to an authenticator app (shown once)`,
      );
    }
    const sessions = await seedDemoPractice(database.db);
    if (sessions > 0) logger.info({ sessions }, "demo practice history made for the premium demo member");
  }
}

/**
 * Opens the configured database (waiting for it while it does not answer, up to
 * DATABASE_START_TIMEOUT_MS), applies pending migrations and loads shipped content.
 */
export async function prepareDatabase(config: Config, logger: FastifyBaseLogger): Promise<DatabaseHandle> {
  const database = await createDatabase(config.database);
  try {
    await waitForDatabase(database, logger, { timeoutMs: config.databaseStartTimeoutMs });
    await prepareContent(config, database, logger);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * prepareDatabase for server.ts and worker.ts: a database that never answered ends the process with
 * one line and exit code 1, not a stack trace.
 */
export async function openDatabase(config: Config, logger: FastifyBaseLogger): Promise<DatabaseHandle> {
  try {
    return await prepareDatabase(config, logger);
  } catch (error) {
    if (!(error instanceof DatabaseUnreachableError)) throw error;
    logger.fatal(error.message);
    process.exit(1);
  }
}
