/**
 * npm run report:funnels [-- --days 30 | --since 2026-11-01] [--out reports/funnels.html]
 *
 * Counts the quiz, video-sales and coming-soon funnels from the first-party events (analytics_events) and
 * prints, per funnel and step, the people who reached it and the conversion from the step before; writes
 * the same as a self-contained HTML page with a bar chart (decision 027).
 *
 * The database is the API's: PostgreSQL when DATABASE_URL is set, else the embedded PGlite under
 * DATA_DIR (default ./data). PGlite's files belong to one process at a time, so with the embedded database
 * the report refuses to run while the product answers on PORT (default 3000): stop it first, or report
 * against PostgreSQL, where any number of readers share the database. The report only reads.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createDatabase, type DatabaseHandle } from "@serene/db";
import { DAY_MS } from "@serene/domain";
import { buildFunnelReport, renderFunnelHtml, renderFunnelText } from "../apps/api/src/modules/analytics/funnel-report";

const repoRoot = fileURLToPath(new URL("../", import.meta.url));
const DEFAULT_OUT = "reports/funnels.html";
const USAGE = `Usage: npm run report:funnels -- [--days N | --since YYYY-MM-DD[THH:MM]] [--out ${DEFAULT_OUT}]`;

class UsageError extends Error {}

function sinceFrom(values: { days?: string; since?: string }, now = new Date()): Date | null {
  if (values.days !== undefined && values.since !== undefined) throw new UsageError("Give --days or --since, not both.");
  if (values.days !== undefined) {
    const days = Number(values.days);
    if (!Number.isFinite(days) || days <= 0) throw new UsageError(`--days must be a positive number, not "${values.days}".`);
    return new Date(now.getTime() - days * DAY_MS);
  }
  if (values.since !== undefined) {
    const since = new Date(values.since);
    if (Number.isNaN(since.getTime())) throw new UsageError(`--since must be a date such as 2026-11-01, not "${values.since}".`);
    return since;
  }
  return null;
}

/** Whether something answers the health check on the port `npm start` uses. */
async function serverIsRunning(): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/health/live`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function openDatabase(): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL) return createDatabase({ driver: "postgres", url: process.env.DATABASE_URL, poolMax: 1 });
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, "data"), "pglite");
  if (!existsSync(dataDir))
    throw new UsageError(`No embedded database at ${dataDir} yet: start the product once (npm start), or set DATABASE_URL.`);
  if (await serverIsRunning()) {
    throw new UsageError(
      `The product is running on the embedded database (port ${process.env.PORT ?? 3000}), which one process uses at a time: ` +
        "stop it first, or report against PostgreSQL with DATABASE_URL.",
    );
  }
  return createDatabase({ driver: "pglite", dataDir });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { days: { type: "string" }, since: { type: "string" }, out: { type: "string" }, help: { type: "boolean", short: "h" } },
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const since = sinceFrom(values);
  const out = path.resolve(values.out ?? path.join(repoRoot, DEFAULT_OUT));
  const database = await openDatabase();
  try {
    const reports = await buildFunnelReport(database.db, { since });
    process.stdout.write(renderFunnelText(reports, { since }));
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, renderFunnelHtml(reports, { since, generatedAt: new Date() }));
    process.stdout.write(`\nWrote ${out}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS"))) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    /analytics_events/.test(message) && /does not exist/.test(message)
      ? "The database has no analytics events table yet: start the product once so its migrations run.\n"
      : `The funnel report failed: ${message}\n`,
  );
  process.exitCode = 1;
});
