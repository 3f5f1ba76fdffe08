import { describe, expect, it } from "vitest";
import { afterLoginPath, afterRegistrationPath, safeRedirectPath, withRedirectParams } from "./auth-redirect.ts";

const unsafe = [
  "//evil.com",
  "//evil.com/home",
  "https://evil.com",
  "http://evil.com/home",
  "/\\evil.com",
  "\\\\evil.com",
  "javascript:alert(1)",
  "evil.com",
  "home",
  " //evil.com",
  "/home\nLocation: https://evil.com",
  "/\t/evil.com",
  "/ho\tme",
  "/\u0000evil",
  "/home\u007f",
  "/home\\..\\evil",
  "/.//evil.com",
  "/..//evil.com",
  "/a/../..//evil.com",
  "/%2F%2Fevil.com",
  "/%5Cevil.com",
  "\t/.//evil.com",
];

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/subscription")).toBe("/subscription");
    expect(safeRedirectPath("/subscription/42?from=auth&checkout=promo")).toBe("/subscription/42?from=auth&checkout=promo");
    expect(safeRedirectPath("/home#top")).toBe("/home#top");
    expect(safeRedirectPath("  /home  ")).toBe("/home");
  });

  it("gives the path as resolved, which is the path that was checked", () => {
    expect(safeRedirectPath("/a/./b/../subscription")).toBe("/a/subscription");
    expect(safeRedirectPath("/caf\u00e9")).toBe("/caf%C3%A9");
  });

  it.each(unsafe)("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it("refuses nothing given", () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath("")).toBeNull();
  });
});

describe("afterLoginPath", () => {
  it("follows the redirect parameter", () => {
    expect(afterLoginPath("?redirect=%2Fsubscription%3Ffrom%3Dauth", false)).toBe("/subscription?from=auth");
    expect(afterLoginPath("redirect=/meditation-sleep/12", true)).toBe("/meditation-sleep/12");
  });

  it("goes to the quiz results when a quiz flag is stored, else home", () => {
    expect(afterLoginPath("", true)).toBe("/quiz-results");
    expect(afterLoginPath("", false)).toBe("/home");
    expect(afterLoginPath("?other=1", false)).toBe("/home");
  });

  it.each(unsafe)("never follows the unsafe redirect %j", (value) => {
    const search = `?${new URLSearchParams({ redirect: value })}`;
    expect(afterLoginPath(search, false)).toBe("/home");
    expect(afterLoginPath(search, true)).toBe("/quiz-results");
  });

  it("ignores an empty redirect", () => {
    expect(afterLoginPath("?redirect=", false)).toBe("/home");
  });
});

describe("afterRegistrationPath", () => {
  const noQuiz = { inProgress: false };

  it("goes to the redirect path when one is given, ahead of any quiz", () => {
    expect(afterRegistrationPath("?redirect=/subscription", { inProgress: true, customSlug: "sleep" })).toEqual({
      kind: "redirect",
      to: "/subscription",
    });
  });

  it("merges redirectParams given as a query string", () => {
    const search = `?${new URLSearchParams({ redirect: "/subscription/7", redirectParams: "from=auth&checkout=promo" })}`;
    expect(afterRegistrationPath(search, noQuiz)).toEqual({ kind: "redirect", to: "/subscription/7?from=auth&checkout=promo" });
  });

  it("merges redirectParams given as a query string with a leading question mark", () => {
    const search = `?${new URLSearchParams({ redirect: "/subscription", redirectParams: "?from=auth" })}`;
    expect(afterRegistrationPath(search, noQuiz).to).toBe("/subscription?from=auth");
  });

  it("merges redirectParams given as JSON, and they win over the path's own query", () => {
    const search = `?${new URLSearchParams({
      redirect: "/subscription?from=landing&keep=1",
      redirectParams: JSON.stringify({ from: "auth", checkout: "promo", id: 12 }),
    })}`;
    const { to } = afterRegistrationPath(search, noQuiz);
    const url = new URL(to, "http://app.test");
    expect(url.pathname).toBe("/subscription");
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: "auth", keep: "1", checkout: "promo", id: "12" });
  });

  it("encodes merged values so they cannot add parameters of their own", () => {
    const search = `?${new URLSearchParams({ redirect: "/subscription", redirectParams: JSON.stringify({ note: "a&b=c d" }) })}`;
    const { to } = afterRegistrationPath(search, noQuiz);
    expect(Object.fromEntries(new URL(to, "http://app.test").searchParams)).toEqual({ note: "a&b=c d" });
  });

  it("treats a JSON value that is not an object as a query string", () => {
    const search = `?${new URLSearchParams({ redirect: "/subscription", redirectParams: "[1,2]" })}`;
    expect(afterRegistrationPath(search, noQuiz).to).toBe(`/subscription?${new URLSearchParams("[1,2]")}`);
  });

  it("keeps the path as it is with empty redirectParams", () => {
    expect(afterRegistrationPath("?redirect=/subscription&redirectParams=", noQuiz)).toEqual({ kind: "redirect", to: "/subscription" });
  });

  it("goes to the custom quiz results, marking the quiz completed", () => {
    expect(afterRegistrationPath("", { inProgress: true, customSlug: "better-sleep" })).toEqual({
      kind: "custom-quiz",
      to: "/quiz-dynamic-results/better-sleep",
      markQuizCompleted: true,
    });
  });

  it("encodes the custom quiz slug into one path segment", () => {
    expect(afterRegistrationPath("", { inProgress: true, customSlug: "../admin?x=1" }).to).toBe("/quiz-dynamic-results/..%2Fadmin%3Fx%3D1");
  });

  it("goes to the quiz results for a quiz in progress, else home", () => {
    expect(afterRegistrationPath("", { inProgress: true })).toEqual({ kind: "quiz", to: "/quiz-results" });
    expect(afterRegistrationPath("", { inProgress: true, customSlug: null })).toEqual({ kind: "quiz", to: "/quiz-results" });
    expect(afterRegistrationPath("", noQuiz)).toEqual({ kind: "home", to: "/home" });
    expect(afterRegistrationPath("", { inProgress: false, customSlug: "sleep" })).toEqual({ kind: "home", to: "/home" });
  });

  it.each(unsafe)("never follows the unsafe redirect %j", (value) => {
    const search = `?${new URLSearchParams({ redirect: value, redirectParams: "from=auth" })}`;
    expect(afterRegistrationPath(search, noQuiz)).toEqual({ kind: "home", to: "/home" });
    expect(afterRegistrationPath(search, { inProgress: true })).toEqual({ kind: "quiz", to: "/quiz-results" });
  });
});

describe("withRedirectParams", () => {
  it("leaves the path alone without parameters", () => {
    expect(withRedirectParams("/home", null)).toBe("/home");
    expect(withRedirectParams("/home?a=1", undefined)).toBe("/home?a=1");
  });

  it("replaces a parameter of the same name instead of repeating it", () => {
    expect(withRedirectParams("/home?from=a", "from=b")).toBe("/home?from=b");
  });
});
