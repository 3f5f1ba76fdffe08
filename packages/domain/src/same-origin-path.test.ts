import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSameOriginPath, MAX_REDIRECT_LENGTH, sameOriginLocation, sameSitePath } from "./same-origin-path.ts";

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

/** Values that look like a path here but lead, once resolved or decoded, to another host (or to script). */
const NASTY = [
  "/.//evil.example",
  "/..//evil.example",
  "/../..//evil.example",
  "/a/..//evil.example",
  "/a/../..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/.\\/evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%252F%252Fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%255Cevil.example",
  "/.%2F%2Fevil.example",
  "/%2e/%2fevil.example",
  "https:evil.example",
  "https://evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,hi",
  "\t//evil.example",
  "\n//evil.example",
  "\t/.//evil.example",
  "/\t/evil.example",
  "/.\n//evil.example",
  "/\r\n/evil.example",
  " //evil.example",
  "/" + "a".repeat(MAX_REDIRECT_LENGTH),
  "/.//" + "a".repeat(MAX_REDIRECT_LENGTH * 4),
];

describe("sameSitePath", () => {
  it.each(NASTY)("refuses %j", (value) => {
    expect(sameSitePath(value)).toBeNull();
  });

  it.each([
    ["/home", "/home"],
    ["/thank-you?redirect=%2Fsettings%2Fsubscription", "/thank-you?redirect=%2Fsettings%2Fsubscription"],
    ["/subscription/42?from=auth&checkout=promo#plans", "/subscription/42?from=auth&checkout=promo#plans"],
    ["/a/./b/../c", "/a/c"],
    ["/./home", "/home"],
    ["/../home", "/home"],
    ["/home?next=//evil.example", "/home?next=//evil.example"],
    ["/caf\u00e9 noir", "/caf%C3%A9%20noir"],
    ["/100%", "/100%"],
    ["/" + "a".repeat(MAX_REDIRECT_LENGTH - 1), "/" + "a".repeat(MAX_REDIRECT_LENGTH - 1)],
  ])("follows %j as the path %j it resolves to", (value, path) => {
    expect(sameSitePath(value)).toBe(path);
  });

  it("answers a path that resolves to itself on this origin, and never to another", () => {
    const site = "https://app.test";
    const alphabet = ["/", "\\", ".", "%2F", "%2f", "%5C", "%2e", "%", "\t", "\n", "a", "?", "#", ":", "@"];
    const value = fc.array(fc.constantFrom(...alphabet), { maxLength: 10 }).map((parts) => `/${parts.join("")}`);
    fc.assert(
      fc.property(value, (candidate) => {
        const path = sameSitePath(candidate);
        if (path === null) return;
        // Where the browser goes with the answer: this origin, at a path that is not another host's.
        const followed = new URL(path, `${site}/page`);
        expect(followed.origin).toBe(site);
        const decoded = followed.pathname.replace(/%([0-9a-f]{2})/giu, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        expect(decoded).not.toMatch(/^\/[\\/]/u);
        // Following it again changes nothing: the answer is already resolved.
        expect(sameSitePath(path)).toBe(path);
        expect(new URL(candidate, `${site}/page`).origin).toBe(site);
      }),
      { numRuns: 5000 },
    );
  });
});

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
