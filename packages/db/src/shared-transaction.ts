import { AsyncLocalStorage } from "node:async_hooks";
import type { Database, ExecuteSql } from "./client.ts";

/** The transaction a piece of work runs in, while it is open. */
interface Scope {
  tx: Database;
  executeSql: ExecuteSql;
  open: boolean;
  /** What waits for the commit (afterCommit). */
  committed: (() => void)[];
}

/**
 * One transaction that every query of a database handle joins while a piece of work runs
 * (decision 066): the Drizzle database and the raw `executeSql` the handle hands out look up the
 * work's transaction on each use, so repositories built once at start-up write into it without
 * being told, and a transaction they open inside becomes a savepoint. A query started after the
 * transaction ended (work left running in the background) goes to the database as usual.
 */
export function createSharedTransactions(base: Database, baseExecuteSql: ExecuteSql) {
  const scopes = new AsyncLocalStorage<Scope>();
  const current = () => {
    const scope = scopes.getStore();
    return scope?.open ? scope : null;
  };

  const db = new Proxy(base, {
    get(target, property) {
      const source = current()?.tx ?? target;
      const value: unknown = Reflect.get(source, property, source);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });

  const executeSql: ExecuteSql = (text, values) => (current()?.executeSql ?? baseExecuteSql)(text, values);

  return {
    db,
    executeSql,
    /** Whether the caller runs inside `inOneTransaction`. */
    inTransaction: () => current() !== null,
    /**
     * Runs `then` once the shared transaction the caller is in has committed, outside it (work that
     * must see the write, after the answer); never when it rolls back. Outside one, at once.
     */
    afterCommit(then: () => void): void {
      const scope = current();
      if (scope) scope.committed.push(then);
      else then();
    },
    /**
     * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Inside
     * one already, `work` simply joins it.
     */
    async inOneTransaction<T>(work: () => Promise<T>): Promise<T> {
      if (current()) return work();
      const waiting: (() => void)[] = [];
      const result = await base.transaction(async (tx) => {
        const scope: Scope = { tx: tx as unknown as Database, executeSql: rawSqlOf(tx), open: true, committed: waiting };
        try {
          return await scopes.run(scope, work);
        } finally {
          scope.open = false;
        }
      });
      for (const then of waiting) then();
      return result;
    },
  };
}

/**
 * Raw SQL on a Drizzle transaction's own connection: both drivers keep it as `session.client` (a
 * node-postgres client lent from the pool, or PGlite's transaction), each with `query(text, values)`.
 */
function rawSqlOf(tx: unknown): ExecuteSql {
  const client = (tx as { session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } } }).session.client;
  return async (text, values) => ({ rows: (await client.query(text, values)).rows });
}
