import { defineConfig } from "vitest/config";

const postgres = Boolean(process.env.TEST_DATABASE_URL);

const apiProject = (driver: "pglite" | "postgres") => ({
  test: {
    name: `api-${driver}`,
    include: ["apps/api/src/**/*.test.ts", "content/**/*.test.ts"],
    environment: "node" as const,
    globalSetup: ["apps/api/src/test/global-setup.ts"],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // The retry reporter first: its list of flaky journeys comes before Vitest's closing summary.
    reporters: ["./scripts/retry-reporter.ts", "default"],
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"], environment: "node" } },
      { test: { name: "contracts", include: ["packages/contracts/src/**/*.test.ts"], environment: "node" } },
      { test: { name: "tooling", include: ["scripts/**/*.test.ts"], environment: "node" } },
      apiProject("pglite"),
      ...(postgres ? [apiProject("postgres")] : []),
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          root: "./apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
          css: { modules: { classNameStrategy: "non-scoped" } },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One retry for browser journeys only; scripts/retry-reporter.ts names every test that needed it.
          retry: 1,
          // Journeys wait for the state they read (expect.poll), with room for a busy two-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
