import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { CONTENT_MODELS, SCREEN_NAMES } from "@serene/domain";
import { afterAll, describe, expect, it } from "vitest";
import { badRequestsFor } from "../../test/bad-input/bad-requests.ts";
import { operationsOf, type OpenApiDocument } from "../../test/bad-input/operations.ts";
import { MemberSession, runCases, type RunTotals } from "../../test/bad-input/run-cases.ts";
import { resolverOf } from "../../test/bad-input/schema-values.ts";
import { freePort } from "../../test/ports-and-polls.ts";
import { depth } from "../../test/depth.ts";
import { createTestApp } from "../../test/test-app.ts";

/**
 * Generated bad input over every operation of the API document (docs/decisions/021): for each,
 * FUZZ_RUNS requests (40 in npm test, 200 in npm run test:deep, 1,000 in npm run fuzz) built from the operation's own
 * schemas, with wrong types, missing fields, huge, unicode and NUL strings, arrays for scalars,
 * truncated JSON, other content types, malformed multipart, broken path and query parameters,
 * with the member's token and without. No answer may be 500 or above, and every 4xx is
 * Laravel-shaped JSON with a message. Deterministic: the seed is FUZZ_SEED plus the operation's id.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? depth(40, 200));
const SEED = Number(process.env.FUZZ_SEED ?? 21);
const driver = process.env.TEST_DB_DRIVER ?? "pglite";

// Limits scaled up so that cases reach the handlers instead of stopping at 429. The app listens so that
// the sandbox sign-in providers it checks tokens against (over HTTP, on its own port) answer.
const port = await freePort();
const t = await createTestApp({ RATE_LIMIT_FACTOR: "100000", PORT: String(port) });
await t.app.listen({ port, host: "127.0.0.1" });
const document = t.app.swagger() as OpenApiDocument;
const operations = operationsOf(document);
const resolve = resolverOf(document);
const started = Date.now();
const totals: RunTotals = { cases: 0, byStatus: {}, failures: [] };
const byOperation: Record<string, Record<number, number>> = {};

afterAll(async () => {
  await t.close();
  const fiveXx = Object.entries(totals.byStatus).reduce((sum, [status, count]) => (Number(status) >= 500 ? sum + count : sum), 0);
  const summary = {
    driver,
    operations: operations.length,
    runsPerOperation: RUNS,
    cases: totals.cases,
    byStatus: totals.byStatus,
    fiveXx,
    seconds: (Date.now() - started) / 1000,
  };
  process.stdout.write(`bad input on ${driver}: ${JSON.stringify(summary)}\n`);
  if (process.env.FUZZ_REPORT_DIR) {
    mkdirSync(process.env.FUZZ_REPORT_DIR, { recursive: true });
    writeFileSync(path.join(process.env.FUZZ_REPORT_DIR, `${driver}.json`), JSON.stringify({ ...summary, byOperation }, null, 2));
  }
});

/** A stable number from an operation's id, so adding an operation does not change the others' cases. */
const seedOf = (id: string) => [...id].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, SEED);

describe("the API document", () => {
  it("has every operation of the API, each with a unique operationId", () => {
    expect(operations.length).toBeGreaterThanOrEqual(60);
    expect(new Set(operations.map((operation) => operation.id)).size).toBe(operations.length);
    expect(operations.every((operation) => /^[a-z][A-Za-z0-9]+$/.test(operation.id))).toBe(true);
  });
});

describe(`bad input, ${RUNS} generated requests per operation`, () => {
  for (const operation of operations) {
    it(`${operation.method} ${operation.path} (${operation.id})`, { timeout: 30_000 + RUNS * 300 }, async () => {
      const session = await MemberSession.start(t.app, t.database);
      const known = { strings: [...SCREEN_NAMES, ...CONTENT_MODELS, "web", "ios"], email: session.email, password: session.password };
      const cases = fc.sample(badRequestsFor(operation, resolve, known), { seed: seedOf(operation.id), numRuns: RUNS });
      const result = await runCases(t.app, cases, session);
      totals.cases += result.cases;
      byOperation[operation.id] = result.byStatus;
      for (const [status, count] of Object.entries(result.byStatus))
        totals.byStatus[Number(status)] = (totals.byStatus[Number(status)] ?? 0) + count;
      expect(result.cases).toBe(RUNS);
      expect(result.failures.slice(0, 5), `${result.failures.length} of ${RUNS} answers broke the rules`).toEqual([]);
    });
  }
});
