/**
 * The product's database for an operator's command (`npm run report:funnels`, `npm run admin:invite`):
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR (default ./data).
 * PGlite's files belong to one process at a time, so with the embedded database a command refuses to run
 * while the product answers on PORT (default 3000): stop it first, or use PostgreSQL, which any number of
 * processes share.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, type DatabaseHandle } from "@serene/db";

export const repoRoot = fileURLToPath(new URL("../", import.meta.url));

/** A mistake in how a command was called: said in one line with its usage, exit code 2. */
export class UsageError extends Error {}

/** Whether something answers the health check on the port `npm start` uses. */
export async function serverIsRunning(): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/health/live`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

export async function openOperatorDatabase(): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL) return createDatabase({ driver: "postgres", url: process.env.DATABASE_URL, poolMax: 1 });
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, "data"), "pglite");
  if (!existsSync(dataDir))
    throw new UsageError(`No embedded database at ${dataDir} yet: start the product once (npm start), or set DATABASE_URL.`);
  if (await serverIsRunning()) {
    throw new UsageError(
      `The product is running on the embedded database (port ${process.env.PORT ?? 3000}), which one process uses at a time: ` +
        "stop it first, or use PostgreSQL with DATABASE_URL.",
    );
  }
  return createDatabase({ driver: "pglite", dataDir });
}
