import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema/index.ts";
import { createSharedTransactions } from "./shared-transaction.ts";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A raw SQL runner with the shape pg-boss expects from `db.executeSql`. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface DatabaseHandle {
  driver: "pglite" | "postgres";
  db: Database;
  executeSql: ExecuteSql;
  /** Connection string for PostgreSQL; undefined for PGlite. */
  connectionString?: string;
  /** PostgreSQL's timeouts, for other pools on the same database (the job queue's); undefined for PGlite. */
  timeouts?: PostgresTimeouts;
  /** PostgreSQL's pool right now (the metrics); undefined for PGlite, which has one connection. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * Listens on a NOTIFY channel until the returned function is called. On PostgreSQL a connection of
   * its own does it, opened again with growing pauses when it drops; `onGap` runs each time it is back
   * listening after a drop (notifications sent meanwhile were missed).
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` in one transaction that every query made through `db` and `executeSql` meanwhile
   * joins, however deep in the calls (shared-transaction.ts): committed when `work` resolves.
   */
  inOneTransaction<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the caller runs inside `inOneTransaction`. */
  inTransaction(): boolean;
  /** Runs `then` after the caller's shared transaction commits (never if it rolls back); outside one, at once. */
  afterCommit(then: () => void): void;
  close(): Promise<void>;
}

/**
 * How long PostgreSQL may take before the product gives up on it (docs/decisions/022-database-faults.md).
 * 0 turns a limit off (migrations run without a statement limit).
 */
export interface PostgresTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectTimeoutMs: number;
  /**
   * The server cancels a statement that runs longer (SQLSTATE 57014); a server that stops answering
   * altogether is given up by the client this long plus one second after the query was sent.
   */
  statementTimeoutMs: number;
  /** The server ends a session that sits idle inside an open transaction this long (it holds locks). */
  idleInTransactionTimeoutMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 30_000,
};

/** The client's own wait beyond the server's statement limit, so a slow statement is normally cancelled by the server first. */
const CLIENT_WAIT_MARGIN_MS = 1_000;

export type DatabaseOptions =
  | { driver: "postgres"; url: string; poolMax?: number; timeouts?: Partial<PostgresTimeouts> }
  | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

/** node-postgres pool settings with the product's timeouts: the API's pool and the job queue's use the same. */
export function postgresPoolConfig(url: string, poolMax: number, timeouts: Partial<PostgresTimeouts> = {}): pg.PoolConfig {
  const limits = { ...DEFAULT_POSTGRES_TIMEOUTS, ...timeouts };
  return {
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // Sent with the connection's start-up packet: no extra round trip.
    statement_timeout: limits.statementTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    ...(limits.statementTimeoutMs > 0 ? { query_timeout: limits.statementTimeoutMs + CLIENT_WAIT_MARGIN_MS } : {}),
    // A peer that vanished without closing the socket is noticed by TCP keep-alive.
    keepAlive: true,
  };
}

const isClientTimeout = (error: unknown) => error instanceof Error && error.message === "Query read timeout";

/**
 * Keeps a cut connection from ending the process, and closes a connection whose query timed out.
 *
 * A query that outlived query_timeout leaves its connection in an unknown state: the server may
 * still be inside a transaction whose ROLLBACK was never sent (node-postgres drops it from the
 * queue), and the next caller's writes would run, unacknowledged by COMMIT, in that transaction.
 * So such a connection is closed at once instead of going back into the pool alive.
 */
export function guardConnections(pool: pg.Pool) {
  pool.on("connect", (client) => {
    // The pool listens for errors only on idle clients; a client lent out (inside a transaction)
    // whose connection is cut would otherwise throw an uncaught 'error' and end the process. Its
    // queries are failed with the error anyway, and the pool drops it when it comes back.
    client.on("error", () => {});
    const connection = () => (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection;
    const drop = () => connection()?.stream?.destroy();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const callbackAt = args.findIndex((arg) => typeof arg === "function");
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as (error: unknown, result?: unknown) => void;
        args[callbackAt] = (error: unknown, result?: unknown) => {
          if (isClientTimeout(error)) drop();
          callback(error, result);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result instanceof Promise) {
        return result.catch((error: unknown) => {
          if (isClientTimeout(error)) drop();
          throw error;
        });
      }
      return result;
    };
  });
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool(postgresPoolConfig(options.url, options.poolMax ?? 10, options.timeouts));
    guardConnections(pool);
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    const shared = createSharedTransactions(
      drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database,
      async (text, values) => ({ rows: (await pool.query(text, values as unknown[] | undefined)).rows }),
    );
    return {
      driver: "postgres",
      ...shared,
      connectionString: options.url,
      timeouts: { ...DEFAULT_POSTGRES_TIMEOUTS, ...options.timeouts },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
      listen: (channel, onMessage, onGap) => listenOnPostgres(options.url, options.timeouts, channel, onMessage, onGap),
      close: () => pool.end(),
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm ships with PGlite as a contrib extension: loaded here, created by the migrations (decision 041).
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  const shared = createSharedTransactions(
    drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database,
    async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  );
  return {
    driver: "pglite",
    ...shared,
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    // Exposed for tests that snapshot a migrated database.
    ...({ pglite: client } as object),
  };
}

/**
 * A connection of its own that LISTENs on `channel`; when it cannot be opened or drops (a restart, a
 * network cut) it is opened again with growing pauses (0.5 s doubling to 10 s), and `onGap` says so
 * once it listens again. It never throws: a database that is down is answered 503 meanwhile.
 */
async function listenOnPostgres(
  url: string,
  timeouts: Partial<PostgresTimeouts> | undefined,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let pause = 500;
  const config = postgresPoolConfig(url, 1, { ...timeouts, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 });
  const connect = async (afterGap: boolean): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client(config);
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    const reopen = () => {
      if (stopped || client !== next) return;
      client = null;
      next.removeAllListeners("end");
      retry = setTimeout(() => void connect(true).catch(() => undefined), pause);
      retry.unref();
      pause = Math.min(pause * 2, 10_000);
    };
    next.on("error", reopen);
    next.on("end", reopen);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await next.end();
        return;
      }
      pause = 500;
      if (afterGap) onGap?.();
    } catch {
      // Not reachable now (a database still starting, or down): keep trying; what was missed meanwhile is the gap.
      await next.end().catch(() => undefined);
      reopen();
    }
  };
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

/** The PGlite instance behind a handle, for test snapshots (`dumpDataDir`). */
export function pgliteOf(handle: DatabaseHandle): PGlite | undefined {
  return (handle as unknown as { pglite?: PGlite }).pglite;
}
