import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Tests wait for the state they read, never for a guessed while (docs/architecture.md, Tests; decision 062).
 * Flagged in test code: Playwright's `waitForTimeout`, a promise resolved by a timer (`new Promise((resolve)
 * => setTimeout(resolve, ms))`, `setTimeout(() => resolve(), ms)`), a `sleep`/`delay` helper and the timer
 * promises of node:timers/promises. A wait where time itself is what is tested says so with
 * `fixed-wait-ok` and its reason on the same line or the line above.
 */

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The code the rule covers: every test file, the test helpers of each side, and the journeys. */
const COVERED = [
  "apps/*/src/**/*.test.{ts,tsx}",
  "apps/api/src/test/**/*.ts",
  "apps/web/src/test/**/*.{ts,tsx}",
  "packages/*/src/**/*.test.ts",
  "content/**/*.test.ts",
  "e2e/**/*.ts",
  "scripts/**/*.test.ts",
];

const FIXED_WAITS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bwaitForTimeout\s*\(/, what: "waitForTimeout" },
  { pattern: /\bsetTimeout\s*\(\s*(resolve|res|r|done|next)\s*[,)]/, what: "a promise resolved by a timer" },
  { pattern: /\bsetTimeout\s*\(\s*\(\)\s*=>\s*(resolve|res|r|done|next)\s*\(\s*\)/, what: "a promise resolved by a timer" },
  {
    pattern:
      /\b(?:const|let)\s+(?:sleep|delay|pause)\s*=\s*(?:async\s*)?\(\s*\w*\s*(?::\s*\w+\s*)?\)\s*(?::[^=]+)?=>|\bfunction\s+(?:sleep|delay|pause)\s*\(/,
    what: "a sleep helper",
  },
  { pattern: /["']node:timers\/promises["']|["']timers\/promises["']/, what: "timer promises" },
];

const ALLOW = "fixed-wait-ok";

/** The fixed waits in one file's text, as "file:line: what: the line". */
export function fixedWaits(text: string, file: string): string[] {
  const lines = text.split("\n");
  const found: string[] = [];
  lines.forEach((line, index) => {
    if (line.includes(ALLOW) || (index > 0 && lines[index - 1]!.includes(ALLOW))) return;
    const hit = FIXED_WAITS.find(({ pattern }) => pattern.test(line));
    if (hit) found.push(`${file}:${index + 1}: ${hit.what}: ${line.trim()}`);
  });
  return found;
}

function coveredFiles(): string[] {
  const files = new Set<string>();
  for (const pattern of COVERED)
    for (const file of globSync(pattern, { cwd: repoRoot, exclude: (name) => name === "node_modules" })) files.add(file);
  // This file names every fixed wait it looks for.
  files.delete(path.relative(repoRoot, fileURLToPath(import.meta.url)));
  return [...files].sort();
}

describe("no fixed waits in tests", () => {
  it("flags each kind of fixed wait, and lets one through that says why the time is the point", () => {
    const planted = [
      "await page.waitForTimeout(300);",
      "await new Promise((resolve) => setTimeout(resolve, 50));",
      "await new Promise<void>((r) => setTimeout(r, 20));",
      "await new Promise((resolve) => setTimeout(() => resolve(), 100));",
      "const sleep = (ms: number) => new Promise((done) => globalThis.setTimeout(done, ms));",
      'import { setTimeout as wait } from "node:timers/promises";',
      "// Time itself is the point: the second badge comes a moment later. fixed-wait-ok",
      "await new Promise((resolve) => setTimeout(resolve, 5));",
      "await new Promise((resolve) => setTimeout(resolve, 5)); // fixed-wait-ok: the instant must differ",
      "const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));",
      "await vi.advanceTimersByTimeAsync(1000);",
      "await expect.poll(() => count()).toBe(2);",
    ].join("\n");
    expect(fixedWaits(planted, "planted.test.ts")).toEqual([
      "planted.test.ts:1: waitForTimeout: await page.waitForTimeout(300);",
      "planted.test.ts:2: a promise resolved by a timer: await new Promise((resolve) => setTimeout(resolve, 50));",
      "planted.test.ts:3: a promise resolved by a timer: await new Promise<void>((r) => setTimeout(r, 20));",
      "planted.test.ts:4: a promise resolved by a timer: await new Promise((resolve) => setTimeout(() => resolve(), 100));",
      "planted.test.ts:5: a promise resolved by a timer: const sleep = (ms: number) => new Promise((done) => globalThis.setTimeout(done, ms));",
      'planted.test.ts:6: timer promises: import { setTimeout as wait } from "node:timers/promises";',
    ]);
  });

  it("finds none in the tests, the test helpers and the journeys", () => {
    const files = coveredFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => fixedWaits(readFileSync(path.join(repoRoot, file), "utf8"), file));
    expect(found).toEqual([]);
  });
});
