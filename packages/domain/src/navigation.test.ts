import { describe, expect, it } from "vitest";
import { decideNavigation } from "./navigation.ts";

describe("decideNavigation", () => {
  it("sends a visitor on a protected page to /login with the wanted address", () => {
    expect(decideNavigation({ auth: true }, { hasToken: false, pathname: "/home", search: "?message=hi" })).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Fhome%3Fmessage%3Dhi",
    });
  });

  it("lets a member into a protected page", () => {
    expect(decideNavigation({ auth: true }, { hasToken: true, pathname: "/home", search: "" })).toEqual({ kind: "render" });
  });

  it("sends a member on a main-page-change page to /home keeping the query string", () => {
    expect(decideNavigation({ changeMainPage: true }, { hasToken: true, pathname: "/", search: "?message=Welcome" })).toEqual({
      kind: "redirect",
      to: "/home?message=Welcome",
    });
  });

  it("shows a main-page-change page to a visitor", () => {
    expect(decideNavigation({ changeMainPage: true }, { hasToken: false, pathname: "/", search: "" })).toEqual({
      kind: "render",
    });
  });

  it("renders a public page for everyone", () => {
    expect(decideNavigation({}, { hasToken: true, pathname: "/faq", search: "" })).toEqual({ kind: "render" });
    expect(decideNavigation({}, { hasToken: false, pathname: "/faq", search: "" })).toEqual({ kind: "render" });
  });
});
