import { isAppRoute } from "@serene/domain";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { routeTable } from "./route-table";

/** The addresses the router answers with a page rather than the catch-all not-found page. */
const routerKnows = (pathname: string) => {
  const matched = matchRoutes(
    routeTable.map((route) => ({ path: route.path })),
    pathname,
  );
  return Boolean(matched && matched.at(-1)?.route.path !== "*");
};

const addresses = [
  "/",
  "/login",
  "/LOGIN/",
  "/create-account",
  "/password/reset",
  "/confirm-remove/abc",
  "/subscription",
  "/subscription/chk-1",
  "/subscription/chk-1/more",
  "/coming-soon",
  "/coming-soon/spring",
  "/profile",
  "/profile/notes/create",
  "/profile/notes/9/edit",
  "/profile/notes/9/edit/more",
  "/workbooks/workbook/3/result",
  "/workbook/3",
  "/meditation/12",
  "/anything/12",
  "/nowhere",
  "/a/b/c",
  "/settings/unknown/deeper",
];

describe("the server's list of app addresses", () => {
  it("agrees with the router on which addresses have a page", () => {
    for (const address of addresses) expect(isAppRoute(address), address).toBe(routerKnows(address));
  });

  it("ends the router's table with the not-found page", () => {
    expect(routeTable.at(-1)).toEqual({ path: "*", page: "not-found", title: "Page not found" });
  });
});

describe("the route table's names", () => {
  it("names every page but the landing page, one name per page, different pages never sharing one", () => {
    const namesByPage = new Map<string, Set<string>>();
    for (const route of routeTable) {
      if (route.redirectTo || route.path === "/") continue;
      expect(route.title?.trim(), route.path).toBeTruthy();
      namesByPage.set(route.page!, (namesByPage.get(route.page!) ?? new Set()).add(route.title!));
    }
    const pageOf = new Map<string, string>();
    for (const [page, names] of namesByPage) {
      expect(names.size, page).toBe(1);
      const name = [...names][0]!;
      expect(pageOf.get(name), `${name} names ${page} and ${pageOf.get(name)}`).toBeUndefined();
      pageOf.set(name, page);
    }
  });
});
