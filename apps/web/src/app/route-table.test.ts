import { describe, expect, it } from "vitest";
import { pages } from "./pages";
import { routeTable } from "./route-table";

const entry = (path: string) => routeTable.find((route) => route.path === path);

describe("route table", () => {
  it("gives every account page its own page module", () => {
    const expected: Record<string, string> = {
      "/login": "login",
      "/create-account": "registration",
      "/registration": "registration",
      "/create-email-account": "create-email-account",
      "/forgot-password": "forgot-password",
      "/password/reset": "reset-password",
      "/data-removal": "data-removal",
      "/confirm-remove/:code": "confirm-remove",
      "/authorization": "authorization",
      "/auth/callback/:provider": "auth-callback",
      "/confirm-email/:code": "confirm-email",
      "/home": "home",
      "/settings": "settings",
      "/settings/subscription": "settings-subscription",
      "/settings/account": "settings-account",
      "/settings/change-password": "settings-change-password",
      "/settings/help-support": "settings-help-support",
      "/settings/appearance": "settings-appearance",
    };
    for (const [path, page] of Object.entries(expected)) {
      expect(entry(path)?.page, path).toBe(page);
      expect(pages[page as keyof typeof pages], page).toBeTypeOf("function");
    }
  });

  it("gives the member's own space its pages, all behind sign-in", () => {
    const expected: Record<string, string> = {
      "/profile/dashboard": "profile-dashboard",
      "/profile/library": "library",
      "/profile/achievements": "profile-achievements",
      "/profile/notes": "profile-notes",
      "/profile/notes/create": "profile-note-create",
      "/profile/notes/:id": "profile-note",
      "/profile/notes/:id/edit": "profile-note-edit",
    };
    for (const [path, page] of Object.entries(expected)) {
      expect(entry(path)?.page, path).toBe(page);
      expect(pages[page as keyof typeof pages], page).toBeTypeOf("function");
      expect(entry(path)?.auth, path).toBe(true);
    }
  });

  it("gives the quiz funnels their pages, open to visitors and members alike", () => {
    const expected: Record<string, string> = {
      "/quiz": "quiz",
      "/lead-quiz/:slug": "custom-quiz",
      "/single-quiz/:slug": "custom-quiz",
      "/user-quiz/:slug": "custom-quiz",
      "/vsl/:slug": "vsl",
    };
    for (const [path, page] of Object.entries(expected)) {
      expect(entry(path)?.page, path).toBe(page);
      expect(pages[page as keyof typeof pages], page).toBeTypeOf("function");
      expect(entry(path)?.auth ?? false, path).toBe(false);
      expect(entry(path)?.changeMainPage ?? false, path).toBe(false);
    }
  });

  it("sends logged-in members away from the visitors' entry pages, and visitors away from members' pages", () => {
    for (const path of ["/login", "/create-account", "/registration", "/create-email-account", "/forgot-password"]) {
      expect(entry(path)?.changeMainPage, path).toBe(true);
    }
    for (const path of [
      "/home",
      "/settings",
      "/settings/account",
      "/settings/change-password",
      "/settings/help-support",
      "/settings/appearance",
    ]) {
      expect(entry(path)?.auth, path).toBe(true);
    }
    for (const path of [
      "/password/reset",
      "/data-removal",
      "/confirm-remove/:code",
      "/authorization",
      "/auth/callback/:provider",
      "/confirm-email/:code",
    ]) {
      expect(entry(path)?.auth ?? false, path).toBe(false);
      expect(entry(path)?.changeMainPage ?? false, path).toBe(false);
    }
  });
  it("gives the workbooks and worksheets their pages, for members only", () => {
    const expected: Record<string, string> = {
      "/workbooks": "workbooks",
      "/workbooks/workbook/:id": "workbook",
      "/workbooks/workbook/:id/result": "workbook-result",
      "/profile/worksheets": "worksheets",
      "/profile/workbook/:id": "profile-workbook",
    };
    for (const [path, page] of Object.entries(expected)) {
      expect(entry(path)?.page, path).toBe(page);
      expect(pages[page as keyof typeof pages], page).toBeTypeOf("function");
      expect(entry(path)?.auth, path).toBe(true);
    }
    expect(entry("/workbook/:id")?.redirectTo).toBe("/workbooks/workbook/:id");
  });
});
