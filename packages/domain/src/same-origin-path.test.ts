import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSameOriginPath, sameOriginLocation } from "./same-origin-path";

const SAME_ORIGIN = [
  "/",
  "/home",
  "/api/v1/stripe/return/6d3f8a52-53e4-4c0a-9d55-2f4b1f0c6a11",
  "/thank-you?redirect=%2Fsettings%2Fsubscription",
  "/subscription/42?from=auth&checkout=promo#plans",
  "/search?q=calm%20sea",
  "/caf\u00e9",
  "/a/./b/../c",
];

const ELSEWHERE = [
  "",
  "home",
  "evil.com",
  "https://evil.com",
  "javascript:alert(1)",
  "//evil.com",
  "///evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "/\\/evil.com",
  "/home\\..\\evil",
  " /home",
  "\t/home",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r/evil.com",
  "/home\r\nLocation: https://evil.com",
  "/ho\u0000me",
  "/home\u001f",
  "/home\u007f",
];

describe("isSameOriginPath", () => {
  it.each(SAME_ORIGIN)("accepts %j", (value) => {
    expect(isSameOriginPath(value)).toBe(true);
  });

  it.each(ELSEWHERE)("refuses %j", (value) => {
    expect(isSameOriginPath(value)).toBe(false);
  });

  it("refuses nothing given", () => {
    expect(isSameOriginPath(null)).toBe(false);
    expect(isSameOriginPath(undefined)).toBe(false);
  });

  it("never accepts a value a browser would read as another origin", () => {
    // The WHATWG URL parser is the browser's reading: it strips tabs and line breaks and reads "\\" as "/".
    const browserReads = (value: string) => new URL(value, "https://app.test/page").origin;
    const alphabet = ["/", "\\", "\t", "\n", "\r", " ", "a", ".", "@", "\u0000", "\u007f"];
    const chars = fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }).map((parts) => parts.join(""));
    const pathLike = fc.oneof(
      chars,
      chars.map((rest) => `/${rest}`),
    );
    fc.assert(
      fc.property(pathLike, (value) => {
        if (isSameOriginPath(value)) expect(browserReads(value)).toBe("https://app.test");
      }),
      { numRuns: 5000 },
    );
  });
});

describe("sameOriginLocation", () => {
  it("keeps a same-origin path as given, percent-encoding what a header cannot carry", () => {
    expect(sameOriginLocation("/thank-you?redirect=%2Fhome")).toBe("/thank-you?redirect=%2Fhome");
    expect(sameOriginLocation("/caf\u00e9 noir")).toBe("/caf%C3%A9%20noir");
    expect(sameOriginLocation("/\u{1F30A}")).toBe("/%F0%9F%8C%8A");
  });

  it.each(ELSEWHERE)("gives no location for %j", (value) => {
    expect(sameOriginLocation(value)).toBeNull();
  });
});
