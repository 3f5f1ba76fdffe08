// npm test: every suite, at the depth CI runs on every change (npm run test:deep goes deeper; see the README).
// The static checks in two lanes side by side: lint (single-threaded ESLint, the longest) in one; formatting, the
// typecheck (TypeScript's native compiler), the OpenAPI document's lint and the web app's build one after another in
// the other. Then one Vitest run with the projects that need no browser (domain, contracts, tooling, the API on
// PGlite and, with TEST_DATABASE_URL, its engine-sensitive files on PostgreSQL, web components), and only then the
// browser journeys in Chromium's headless shell, so they never compete with the other suites for the cores they
// time their waits on.
import { spawn } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.mjs";

/** Runs one step; its output is shown as it comes when it runs alone, and at its end when it runs beside another. */
const step = (label, command, args, { alone = true } = {}) =>
  new Promise((resolve) => {
    const started = Date.now();
    if (alone) console.log(`\n▶ ${label}`);
    const child = spawn(command, args, { stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (status) => {
      if (!alone) console.log(`\n▶ ${label}\n${output.trimEnd()}`);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (status === 0) console.log(`✔ ${label} (${seconds} s)`);
      else console.error(`✖ ${label} failed (${seconds} s)`);
      resolve(status ?? 1);
    });
  });

/** Runs steps one after another, stopping at the first that fails; resolves with its status (0 when all passed). */
async function inTurn(steps) {
  for (const [label, command, args] of steps) {
    const status = await step(label, command, args, { alone: false });
    if (status !== 0) return status;
  }
  return 0;
}

/** Runs lanes of steps side by side (each step is single-threaded, or they share the cores well); stops after them if any failed. */
async function together(...lanes) {
  const statuses = await Promise.all(lanes.map(inTurn));
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}

async function alone(label, command, args) {
  const status = await step(label, command, args);
  if (status !== 0) process.exit(status);
}

await together(
  [["lint", "npm", ["run", "--silent", "lint"]]],
  [
    ["format", "npm", ["run", "--silent", "format:check"]],
    ["typecheck", "npm", ["run", "--silent", "typecheck"]],
    ["OpenAPI document lint", "npm", ["run", "--silent", "lint:openapi"]],
    ["build the web app", "npm", ["run", "--silent", "build"]],
  ],
);
ensureChromium();
if (process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is set: the API's engine-sensitive files run on PostgreSQL too.");
const suites = [
  "domain",
  "contracts",
  "tooling",
  "api-pglite",
  ...(process.env.TEST_DATABASE_URL ? ["api-postgres"] : []),
  "web",
  "web-player",
];
await alone("tests", "npx", ["vitest", "run", ...suites.flatMap((name) => ["--project", name])]);
await alone("browser journeys", "npx", ["vitest", "run", "--project", "e2e"]);
