import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const postgres = Boolean(process.env.TEST_DATABASE_URL);
/** `npm run test:deep` (TEST_DEPTH=deep): every API file on both databases, the generated suites at full depth. */
const deep = process.env.TEST_DEPTH === "deep";

/**
 * Test files at once: Vitest's default is one fewer than the cores (one worker on a two-core machine), but API files
 * and journeys spend much of their time waiting on a database, a server process or a browser, so as many workers as
 * cores (at least two) finish sooner with every file still green.
 */
const WORKERS = Math.max(2, availableParallelism());

const API_FILES = ["apps/api/src/**/*.test.ts", "content/**/*.test.ts"];

/**
 * The API files where the database engine matters, run on PostgreSQL as well as PGlite in `npm test`:
 * PGlite is PostgreSQL's own engine, so SQL means the same on both; what differs is a server with a pool of
 * connections (locks, races, unique conflicts between concurrent requests), its wire protocol, and a server
 * that can fail. Everything else runs on PostgreSQL in `npm run test:deep`.
 */
export const ENGINE_SENSITIVE = [
  "apps/api/src/faults/**/*.test.ts", // a database that stops, restarts, times out or cuts a connection
  "apps/api/src/jobs/**/*.test.ts", // the job queue lives in the database
  "apps/api/src/modules/payments/**/*.test.ts", // money: concurrent purchases, webhooks, renewals, idempotency
  "apps/api/src/modules/plans/checkout-offers.test.ts", // offer clocks and prices under concurrent checkouts
  "apps/api/src/modules/accounts/accounts.test.ts", // one account per address under concurrent registrations
  "apps/api/src/modules/accounts/lead-accounts.test.ts", // a lead claimed once under concurrent claims
  "apps/api/src/modules/accounts/account-deletion.test.ts", // cascades and what a removal leaves
  "apps/api/src/modules/accounts/admin-removal.test.ts", // a removal started by support, its link and audit entry in one transaction
  "apps/api/src/modules/achievements/achievements.test.ts", // a badge earned once under concurrent sessions
  "apps/api/src/modules/mail/*.test.ts", // the outbox written once per e-mail
  "apps/api/src/modules/system/bad-input.test.ts", // what the server's wire protocol accepts (NUL, sizes, encodings)
  "apps/api/src/cross-member.test.ts", // per-owner queries
  "apps/api/src/start-node.test.ts", // a process in each role (a worker needs a shared database)
  "apps/api/src/cross-node.test.ts", // two nodes on one database: a change on one seen on the other
  "apps/api/src/shared-transaction.test.ts", // every query of a handle joining one transaction, on a pool of connections
  "apps/api/src/plugins/replays.test.ts", // a keyed write and its answer in one transaction; the same key sent twice at once
  "apps/api/src/modules/staff/*.test.ts", // staff accounts, the role matrix and the append-only audit log (decision 067)
  "apps/api/src/modules/support/*.test.ts", // member search (trigram index, LIKE escapes) and a member's page
  "apps/api/src/modules/dashboards/*.test.ts", // sums per UTC day in the database (time zones, casts of sums)
  "apps/api/src/modules/content/editor.test.ts", // publishing across nodes: NOTIFY on commit, two pools on one database
  "content/media-build/pack.test.ts", // the media pack's rows on the server
];

const apiProject = (driver: "pglite" | "postgres") => ({
  test: {
    name: `api-${driver}`,
    include: driver === "pglite" || deep ? API_FILES : ENGINE_SENSITIVE,
    environment: "node" as const,
    globalSetup: ["apps/api/src/test/global-setup.ts"],
    env: { TEST_DB_DRIVER: driver },
    // Files share a worker's modules (the app is imported once per worker, not once per file); each file still
    // builds its own app on its own database, and nothing in the API keeps state in a module between apps.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/** The web app's component tests in jsdom, with the app's own Vite config. */
const webProject = (name: string, files: { include: string[]; exclude?: string[]; isolate: boolean }) => ({
  extends: "./apps/web/vite.config.ts",
  test: {
    name,
    root: "./apps/web",
    ...files,
    environment: "jsdom" as const,
    setupFiles: ["./src/test/setup.ts"],
    css: { modules: { classNameStrategy: "non-scoped" as const } },
  },
});

export default defineConfig({
  test: {
    // The retry reporter first: its list of flaky journeys comes before Vitest's closing summary.
    reporters: ["./scripts/retry-reporter.ts", "default"],
    maxWorkers: WORKERS,
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"], environment: "node" } },
      { test: { name: "contracts", include: ["packages/contracts/src/**/*.test.ts"], environment: "node" } },
      { test: { name: "tooling", include: ["scripts/**/*.test.ts"], environment: "node" } },
      apiProject("pglite"),
      ...(postgres ? [apiProject("postgres")] : []),
      webProject("web", {
        include: ["src/**/*.test.{ts,tsx}"],
        exclude: ["src/features/player/**"],
        // Files share a worker's modules: the app's stores are reset after each test (src/test/setup.ts).
        isolate: false,
      }),
      // The player's one audio engine is a module of its own with the member's place, levels and timer: its files
      // each start from a fresh one.
      webProject("web-player", { include: ["src/features/player/**/*.test.{ts,tsx}"], isolate: true }),
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          // A worker's files share its modules, and so its one browser (e2e/browser.ts `launch`).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One retry for browser journeys only; scripts/retry-reporter.ts names every test that needed it.
          retry: 1,
          // Journeys wait for the state they read (expect.poll), with room for a busy two-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
