// npm test: every suite, in order. Formatting, typecheck (each package with its own tsconfig), lint, the OpenAPI document's lint
// (Redocly), build the web app, then one Vitest run with the projects that need no browser (domain, contracts, API on PGlite
// and, with TEST_DATABASE_URL, on PostgreSQL, web components), and only then the browser journeys in Chromium, so they never
// compete with the other suites for the cores they time their waits on.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.mjs";

const run = (label, command, args) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
};

run("format", "npm", ["run", "--silent", "format:check"]);
run("typecheck", "npm", ["run", "--silent", "typecheck"]);
run("lint", "npm", ["run", "--silent", "lint"]);
run("OpenAPI document lint", "npm", ["run", "--silent", "lint:openapi"]);
run("build the web app", "npm", ["run", "--silent", "build"]);
ensureChromium();
if (process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is set: the API suite runs on PostgreSQL too.");
const suites = ["domain", "contracts", "tooling", "api-pglite", ...(process.env.TEST_DATABASE_URL ? ["api-postgres"] : []), "web"];
run("tests", "npx", ["vitest", "run", ...suites.flatMap((name) => ["--project", name])]);
run("browser journeys", "npx", ["vitest", "run", "--project", "e2e"]);
