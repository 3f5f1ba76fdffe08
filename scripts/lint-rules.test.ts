import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The lint rules that keep the layers apart must be able to fire: a planted two-file import cycle
 * inside a real package is reported by `import-x/no-cycle`, with the project's own ESLint config.
 */
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const planted = path.join(repoRoot, "packages/domain/src/planted-cycle-check");

afterAll(() => rmSync(planted, { recursive: true, force: true }));

describe("eslint.config.js", () => {
  it("reports an import cycle between two files of a package", async () => {
    mkdirSync(planted, { recursive: true });
    const a = path.join(planted, "first.ts");
    const b = path.join(planted, "second.ts");
    writeFileSync(a, 'import { second } from "./second";\nexport const first = (): number => second() + 1;\n');
    writeFileSync(b, 'import { first } from "./first";\nexport const second = (): number => (typeof first === "function" ? 1 : 0);\n');
    const eslint = new ESLint({ cwd: repoRoot });
    const results = await eslint.lintFiles([a, b]);
    const cycles = results.flatMap((result) => result.messages.filter((message) => message.ruleId === "import-x/no-cycle"));
    expect(cycles).toHaveLength(2);
  }, 120_000);
});
