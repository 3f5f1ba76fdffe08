import { describe, expect, it } from "vitest";
import { APP_ROUTES, isAppRoute, matchAppRoute } from "./app-routes.ts";

describe("the app's routes", () => {
  it("matches fixed addresses, ignoring case and a trailing slash", () => {
    expect(matchAppRoute("/login")?.page).toBe("login");
    expect(matchAppRoute("/Login/")?.page).toBe("login");
    expect(matchAppRoute("/settings/help-support")?.page).toBe("settings-help-support");
    expect(isAppRoute("/settings/help-support/more")).toBe(false);
  });

  it("takes one non-empty segment for a parameter, and none or one for an optional one", () => {
    expect(matchAppRoute("/confirm-remove/abc")?.page).toBe("confirm-remove");
    expect(matchAppRoute("/subscription")?.page).toBe("paywall");
    expect(matchAppRoute("/subscription/chk-1")?.page).toBe("paywall");
    expect(matchAppRoute("/coming-soon")?.page).toBe("coming-soon");
    expect(matchAppRoute("/profile/notes/7/edit")?.page).toBe("profile-note-edit");
    expect(isAppRoute("/profile/notes/7/edit/again")).toBe(false);
  });

  it("sends any two-segment address to the player, which decides about its section itself", () => {
    expect(matchAppRoute("/meditation/12")?.page).toBe("player");
    expect(matchAppRoute("/anything/12")?.page).toBe("player");
    expect(isAppRoute("/anything/12/more")).toBe(false);
  });

  it("has no catch-all of its own, so an unknown address is not the app's", () => {
    expect(APP_ROUTES.some((route) => route.path.includes("*"))).toBe(false);
    expect(isAppRoute("/nowhere")).toBe(false);
    expect(isAppRoute("/")).toBe(true);
    expect(isAppRoute("")).toBe(true);
  });
});
