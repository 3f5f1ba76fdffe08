/**
 * Appearance (spec 001 Settings: "Settings themes seen: beige clouds, blue sea, green forest,
 * purple sky"): the themes a person can choose, how a stored choice is read back, and the
 * WCAG contrast ratio every theme's colour pairs are checked with.
 */

/** The colour themes, each a set of colour tokens (apps/web/src/styles/tokens.css). */
export const THEME_IDS = ["beige-clouds", "blue-sea", "green-forest", "purple-sky", "dark"] as const;
export type ThemeId = (typeof THEME_IDS)[number];

/** What a person picks: one theme, or to follow the device's light or dark setting. */
export type ThemeChoice = ThemeId | "system";
export const THEME_CHOICES: readonly ThemeChoice[] = [...THEME_IDS, "system"];

/** The theme before anyone chooses: the product's own beige. */
export const DEFAULT_THEME_CHOICE: ThemeChoice = "beige-clouds";
/** The themes 'follow the system' moves between. */
export const SYSTEM_LIGHT_THEME: ThemeId = "beige-clouds";
export const SYSTEM_DARK_THEME: ThemeId = "dark";

/** The local-storage key the choice is kept under on this device. */
export const THEME_STORAGE_KEY = "theme";

/** A stored value read back: anything unknown (an old or edited value, nothing at all) is the default. */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return THEME_CHOICES.find((choice) => choice === stored) ?? DEFAULT_THEME_CHOICE;
}

/** The theme to show for a choice, given whether the device asks for a dark scheme. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): ThemeId {
  if (choice !== "system") return choice;
  return prefersDark ? SYSTEM_DARK_THEME : SYSTEM_LIGHT_THEME;
}

/**
 * The script that sets `data-theme` on <html> before the first paint, so a page never flashes in
 * another theme. It is written into index.html's head and allowed by its hash in the
 * Content-Security-Policy; both come from this one text, so they always agree.
 */
export const THEME_BOOT_SCRIPT =
  `(function(){try{var c=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `if(${JSON.stringify(THEME_CHOICES)}.indexOf(c)<0)c=${JSON.stringify(DEFAULT_THEME_CHOICE)};` +
  `if(c==="system")c=matchMedia("(prefers-color-scheme: dark)").matches?${JSON.stringify(SYSTEM_DARK_THEME)}:${JSON.stringify(SYSTEM_LIGHT_THEME)};` +
  `document.documentElement.setAttribute("data-theme",c)}catch(e){}})();`;

/** An sRGB colour: #rgb or #rrggbb. */
export function parseHexColour(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join("") : match[1]!;
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2.2 relative luminance of an sRGB colour (0 for black, 1 for white). */
export function relativeLuminance([r, g, b]: readonly [number, number, number]): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.2 contrast ratio of two hex colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(foreground: string, background: string): number {
  const a = parseHexColour(foreground);
  const b = parseHexColour(background);
  if (!a || !b) throw new Error(`not a hex colour: ${a ? background : foreground}`);
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG 2.2 AA: 4.5 for body text, 3 for large text and for the parts of controls. */
export const AA_TEXT_CONTRAST = 4.5;
export const AA_LARGE_CONTRAST = 3;
