import { AA_LARGE_CONTRAST, AA_TEXT_CONTRAST, contrastRatio, THEME_IDS, type ThemeId } from "@serene/domain";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(path.join(import.meta.dirname, "tokens.css"), "utf8");

/** The colour tokens a block of tokens.css declares ("--color-ink: #1d2150;"). */
function colourTokens(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-fA-F]{3,6})\s*;/g)].map((match) => [match[1]!, match[2]!]));
}

/** The rule blocks of tokens.css, in source order: their selectors and their declarations. */
const blocks = [...css.replace(/\/\*[^]*?\*\//g, "").matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({
  selectors: match[1]!.split(",").map((selector) => selector.trim()),
  body: match[2]!,
}));

/**
 * A theme's full colour set: every block that applies to an element carrying the theme's data-theme,
 * in source order. Not :root: a theme must be whole on its own, also inside another theme.
 */
function themeColours(theme: ThemeId): Record<string, string> {
  const selector = `[data-theme="${theme}"]`;
  return Object.assign({}, ...blocks.filter((block) => block.selectors.includes(selector)).map((block) => colourTokens(block.body)));
}

const SURFACES = ["bg", "surface", "surface-muted"];

/** Text token on background token, with the ratio it needs: body text 4.5, large text and icons 3. */
const PAIRS: [text: string, background: string, minimum: number][] = [
  ...["ink", "ink-soft", "ink-faint", "primary", "danger", "success", "info"].flatMap((text) =>
    SURFACES.map((surface) => [text, surface, AA_TEXT_CONTRAST] as [string, string, number]),
  ),
  ...["primary-soft", "accent-soft", "mint-soft", "info-soft", "danger-soft", "success-soft"].flatMap((soft) =>
    ["ink", "ink-soft"].map((text) => [text, soft, AA_TEXT_CONTRAST] as [string, string, number]),
  ),
  ["primary", "primary-soft", AA_TEXT_CONTRAST],
  ["primary-strong", "primary-soft", AA_TEXT_CONTRAST],
  ["on-primary", "primary", AA_TEXT_CONTRAST],
  ["on-primary", "primary-strong", AA_TEXT_CONTRAST],
  ["night", "accent", AA_TEXT_CONTRAST],
  ["on-night", "night", AA_TEXT_CONTRAST],
  ["on-night", "night-2", AA_TEXT_CONTRAST],
  ["on-night-soft", "night", AA_TEXT_CONTRAST],
  ["on-night-soft", "night-2", AA_TEXT_CONTRAST],
  ["on-night-warm", "night", AA_TEXT_CONTRAST],
  ["on-night-warm", "night-2", AA_TEXT_CONTRAST],
  ["info", "info-soft", AA_TEXT_CONTRAST],
  ["danger", "danger-soft", AA_TEXT_CONTRAST],
  ["success", "success-soft", AA_TEXT_CONTRAST],
  ["success", "mint-soft", AA_TEXT_CONTRAST],
  ["accent-ink", "accent-soft", AA_TEXT_CONTRAST],
  // The focus ring and controls' edges: non-text contrast.
  ...SURFACES.map((surface) => ["focus", surface, AA_LARGE_CONTRAST] as [string, string, number]),
];

describe.each(THEME_IDS)("the %s theme", (theme) => {
  const colours = themeColours(theme);

  it("declares every colour token it is checked with", () => {
    for (const [text, background] of PAIRS) {
      expect(colours[text], `--color-${text}`).toMatch(/^#/);
      expect(colours[background], `--color-${background}`).toMatch(/^#/);
    }
  });

  it.each(PAIRS)("--color-%s on --color-%s reaches %s:1", (text, background, minimum) => {
    expect(contrastRatio(colours[text]!, colours[background]!)).toBeGreaterThanOrEqual(minimum);
  });
});
