import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

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
  close(): Promise<void>;
}

export type DatabaseOptions =
  { driver: "postgres"; url: string; poolMax?: number } | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob | File };

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
    return {
      driver: "postgres",
      db,
      connectionString: options.url,
      executeSql: async (text, values) => {
        const result = await pool.query(text, values as unknown[] | undefined);
        return { rows: result.rows };
      },
      close: () => pool.end(),
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
  return {
    driver: "pglite",
    db,
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    // Exposed for tests that snapshot a migrated database.
    ...({ pglite: client } as object),
  };
}

/** The PGlite instance behind a handle, for test snapshots (`dumpDataDir`). */
export function pgliteOf(handle: DatabaseHandle): PGlite | undefined {
  return (handle as unknown as { pglite?: PGlite }).pglite;
}
