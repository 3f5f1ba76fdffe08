import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  DEFAULT_THEME_CHOICE,
  parseHexColour,
  parseThemeChoice,
  relativeLuminance,
  resolveTheme,
  THEME_BOOT_SCRIPT,
  THEME_CHOICES,
} from "./themes.ts";

describe("theme choice", () => {
  it("reads back every known choice as itself", () => {
    for (const choice of THEME_CHOICES) expect(parseThemeChoice(choice)).toBe(choice);
  });

  it.each([null, undefined, "", "Dark", "night", "beige clouds", " blue-sea", "__proto__", "toString"])(
    "reads %j as the default theme",
    (stored) => expect(parseThemeChoice(stored)).toBe(DEFAULT_THEME_CHOICE),
  );

  it("follows the device for 'system' and keeps a fixed choice whatever the device says", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("beige-clouds");
    expect(resolveTheme("green-forest", true)).toBe("green-forest");
    expect(resolveTheme("dark", false)).toBe("dark");
  });
});

describe("the boot script", () => {
  /** Runs the script against a fake document and storage, answering the theme it set. */
  function boot(stored: string | null, prefersDark = false, storageThrows = false): string | null {
    let theme: string | null = null;
    const localStorage = {
      getItem: () => {
        if (storageThrows) throw new Error("storage is off");
        return stored;
      },
    };
    const document = { documentElement: { setAttribute: (_name: string, value: string) => (theme = value) } };
    const matchMedia = () => ({ matches: prefersDark });
    new Function("localStorage", "document", "matchMedia", THEME_BOOT_SCRIPT)(localStorage, document, matchMedia);
    return theme;
  }

  it("sets the same theme the app would", () => {
    for (const choice of THEME_CHOICES) {
      for (const dark of [false, true]) expect(boot(choice, dark)).toBe(resolveTheme(choice, dark));
    }
    expect(boot(null)).toBe(DEFAULT_THEME_CHOICE);
    expect(boot("something old")).toBe(DEFAULT_THEME_CHOICE);
  });

  it("leaves the page alone when storage cannot be read", () => {
    expect(boot("dark", false, true)).toBeNull();
  });
});

describe("contrast ratio (WCAG 2.2)", () => {
  it("is 21 for black on white and 1 for a colour on itself, either way round", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#4f4fc9", "#4f4fc9")).toBe(1);
  });

  it("matches known values", () => {
    // #767676 on white is the classic lightest grey that passes AA (4.54).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
    expect(relativeLuminance([255, 255, 255])).toBe(1);
    expect(relativeLuminance([0, 0, 0])).toBe(0);
  });

  it("reads short and long hex and refuses anything else", () => {
    expect(parseHexColour("#abc")).toEqual([0xaa, 0xbb, 0xcc]);
    expect(parseHexColour("#1D2150")).toEqual([0x1d, 0x21, 0x50]);
    for (const bad of ["", "abc", "#abcd", "#gggggg", "rgb(0 0 0)", "#1234567"]) expect(parseHexColour(bad)).toBeNull();
    expect(() => contrastRatio("red", "#fff")).toThrow(/not a hex colour: red/);
  });
});
