export interface RouteFlags {
  /** The page needs a logged-in member. */
  auth?: boolean;
  /** A logged-in member visiting this page goes to /home instead (the query string is kept). */
  changeMainPage?: boolean;
}

export type NavigationDecision = { kind: "render" } | { kind: "redirect"; to: string };

/**
 * Where a visit goes before the page renders (spec 000 section 2, spec 001 section 2):
 * a protected page without a token goes to /login, carrying the wanted address as `redirect`;
 * a 'main page change' page with a token goes to /home with the same query string.
 */
export function decideNavigation(flags: RouteFlags, visit: { hasToken: boolean; pathname: string; search: string }): NavigationDecision {
  if (flags.auth && !visit.hasToken) {
    const wanted = `${visit.pathname}${visit.search}`;
    return { kind: "redirect", to: `/login?${new URLSearchParams({ redirect: wanted })}` };
  }
  if (flags.changeMainPage && visit.hasToken) {
    return { kind: "redirect", to: `/home${visit.search}` };
  }
  return { kind: "render" };
}
