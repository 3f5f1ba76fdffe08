// npm run lint:openapi: writes the API's OpenAPI document as the app generates it from the zod
// contracts, then lints it with Redocly's recommended rules (redocly.yaml). Exits non-zero on an error.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase } from "@serene/db";
import { buildApp } from "../apps/api/src/app";
import { loadConfig } from "../apps/api/src/config";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The document /api/docs/json serves. Building the app opens no database connection: none is made here. */
export async function openApiDocument(): Promise<unknown> {
  const database = await createDatabase({ driver: "postgres", url: "postgres://openapi@127.0.0.1:1/never-connected" });
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent" });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "serene-openapi-"));
  const file = path.join(dir, "openapi.json");
  try {
    writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
    const result = spawnSync(
      path.join(repoRoot, "node_modules/.bin/redocly"),
      ["lint", file, "--config", path.join(repoRoot, "redocly.yaml"), "--format", "stylish"],
      { stdio: "inherit", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    );
    process.exitCode = result.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
