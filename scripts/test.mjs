// npm test: every suite, in order. Typecheck, lint, build the web app, then one Vitest run with
// all projects (domain, contracts, API on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
// web components, end-to-end journeys in Chromium).
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

run("typecheck", "npm", ["run", "--silent", "typecheck"]);
run("lint", "npm", ["run", "--silent", "lint"]);
run("build the web app", "npm", ["run", "--silent", "build"]);
ensureChromium();
if (process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is set: the API suite runs on PostgreSQL too.");
run("tests", "npx", ["vitest", "run"]);
