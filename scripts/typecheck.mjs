// npm run typecheck: every package with its own tsconfig, checked by TypeScript 7's native compiler (decision 064).
// The `typescript` package (5.9) stays for the tools that use its JavaScript API (typescript-eslint); the native
// compiler is the `@typescript/native` alias, called by its path so which `tsc` npm linked does not matter.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const tsc = fileURLToPath(new URL("../node_modules/@typescript/native/bin/tsc", import.meta.url));
const projects = ["packages/domain", "packages/contracts", "packages/db", "content", "apps/api", "apps/web", "apps/web/sw", "e2e", "."];

let failed = 0;
for (const project of projects) {
  const { status } = spawnSync(process.execPath, [tsc, "-p", project, "--noEmit"], { stdio: "inherit" });
  if (status !== 0) {
    console.error(`✖ typecheck: ${project}`);
    failed = status ?? 1;
  }
}
process.exit(failed);
