// npm run fuzz: the generated bad-input suite (apps/api/src/modules/system/bad-input.test.ts) at
// 1,000 requests per operation of the API document (FUZZ_RUNS to change it), on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL, one database after the other. Prints the totals per database:
// operations, cases, answers by status and the count of answers of 500 or above (which must be 0).
// npm run bench calls it too and reports the same figures.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const SUITE = "apps/api/src/modules/system/bad-input.test.ts";

export interface FuzzTotals {
  driver: "pglite" | "postgres";
  operations: number;
  runsPerOperation: number;
  cases: number;
  byStatus: Record<string, number>;
  fiveXx: number;
  seconds: number;
  /** True when every case of every operation answered by the rules (no 5xx, Laravel-shaped 4xx). */
  passed: boolean;
}

/**
 * Runs the suite on each database and returns its totals: `runs` requests per operation, on PGlite
 * and, when a PostgreSQL address is given (TEST_DATABASE_URL by default), on PostgreSQL.
 */
export function runFuzz({
  runs = Number(process.env.FUZZ_RUNS ?? 1000),
  postgresUrl = process.env.TEST_DATABASE_URL,
}: { runs?: number; postgresUrl?: string } = {}): FuzzTotals[] {
  const drivers: FuzzTotals["driver"][] = ["pglite", ...(postgresUrl ? (["postgres"] as const) : [])];
  const reports = mkdtempSync(path.join(tmpdir(), "serene-fuzz-"));
  try {
    return drivers.map((driver) => {
      console.log(`\n▶ bad input, ${runs} requests per operation, on ${driver === "pglite" ? "PGlite" : "PostgreSQL"}`);
      const result = spawnSync("npx", ["vitest", "run", "--project", `api-${driver}`, SUITE], {
        cwd: repoRoot,
        stdio: "inherit",
        env: {
          ...process.env,
          FUZZ_RUNS: String(runs),
          FUZZ_REPORT_DIR: reports,
          ...(postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {}),
        },
      });
      const file = path.join(reports, `${driver}.json`);
      if (!existsSync(file)) throw new Error(`the bad-input suite on ${driver} wrote no totals (exit ${result.status})`);
      const totals = JSON.parse(readFileSync(file, "utf8")) as Omit<FuzzTotals, "passed">;
      return { ...totals, driver, passed: result.status === 0 };
    });
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
}

/** One line per database, as npm run fuzz and npm run bench print them. */
export function describeFuzz(totals: FuzzTotals): string {
  const statuses = Object.entries(totals.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
  return `${totals.operations} operations, ${totals.cases} cases, ${totals.fiveXx} answers ≥ 500, ${totals.seconds.toFixed(0)} s (${statuses})`;
}

function main() {
  const results = runFuzz();
  console.log("\nbad input totals");
  for (const totals of results) {
    console.log(
      `  ${(totals.driver === "pglite" ? "PGlite" : "PostgreSQL").padEnd(11)} ${describeFuzz(totals)}${totals.passed ? "" : "  FAILED"}`,
    );
  }
  if (!process.env.TEST_DATABASE_URL) console.log("  (set TEST_DATABASE_URL to run it on PostgreSQL too)");
  process.exitCode = results.every((totals) => totals.passed && totals.fiveXx === 0) ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
