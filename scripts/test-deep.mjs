// npm run test:deep: the generated, model-based and fault suites at full depth (TEST_DEPTH=deep: 200 bad requests per
// operation, 1,000 money sequences, two kills of a busy server, ...) and every API file on both PGlite and PostgreSQL
// (TEST_DATABASE_URL, else the local server). Run it before a release and after a change to money, sign-in, the request
// pipeline or the database layer; `npm test` runs the same files at the quick depth on every change. On PostgreSQL every
// write a test sends carries an Idempotency-Key (TEST_KEYED_WRITES), as the web app's writes do.
import { spawnSync } from "node:child_process";

const env = {
  ...process.env,
  TEST_DEPTH: "deep",
  // On PostgreSQL every injected write carries an Idempotency-Key, so it runs in a keyed write's one transaction (decision 066).
  TEST_KEYED_WRITES: "true",
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
};
const projects = ["domain", "contracts", "api-pglite", "api-postgres"];
console.log(`▶ deep suites on PGlite and ${new URL(env.TEST_DATABASE_URL).host}`);
const started = Date.now();
const result = spawnSync("npx", ["vitest", "run", ...projects.flatMap((name) => ["--project", name]), ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
console.log(`${result.status === 0 ? "✔" : "✖"} deep suites (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exit(result.status ?? 1);
