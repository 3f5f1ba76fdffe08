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
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DAY_MS } from "@serene/domain";
import { openOperatorDatabase, repoRoot, UsageError } from "./operator-database";
import { buildFunnelReport, renderFunnelHtml, renderFunnelText } from "../apps/api/src/modules/analytics/funnel-report";

const DEFAULT_OUT = "reports/funnels.html";
const USAGE = `Usage: npm run report:funnels -- [--days N | --since YYYY-MM-DD[THH:MM]] [--out ${DEFAULT_OUT}]`;

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
  const database = await openOperatorDatabase();
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
