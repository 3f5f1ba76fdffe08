import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/**
 * WCAG 2.2 A and AA problems axe-core finds on the open page, one line each. Label in name (WCAG 2.5.3)
 * is experimental in axe, so it runs only when asked for (`labelInName`): pages whose cards and buttons
 * are named by their visible text in order ask for it (decision 049); decision 042 lists the others.
 */
export async function accessibilityProblems(page: Page, { labelInName }: { labelInName: boolean }): Promise<string[]> {
  // Evaluated through the browser's debugging channel, which the page's Content-Security-Policy does not cover.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (labelInNameRule) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      rules: { "label-content-name-mismatch": { enabled: labelInNameRule } },
    });
    return result.violations;
  }, labelInName);
  return (violations as Violation[]).flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}: ${node.failureSummary.replaceAll("\n", " ")}`),
  );
}
