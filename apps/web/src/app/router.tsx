import { decideNavigation } from "@serene/domain";
import { createBrowserRouter, generatePath, redirect, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { hasToken } from "../lib/storage";
import { pages } from "./pages";
import { RootLayout } from "./root-layout";
import { RouteError } from "./route-error";
import { routeTable, type RouteEntry } from "./route-table";

/** The navigation rules run before a page renders: login required, main page change, forwards. */
function guard(entry: RouteEntry) {
  return ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const decision = decideNavigation(entry, { hasToken: hasToken(), pathname: url.pathname, search: url.search });
    if (decision.kind === "redirect") throw redirect(decision.to);
    if (entry.redirectTo) throw redirect(`${generatePath(entry.redirectTo, params)}${url.search}`);
    return null;
  };
}

export function toRouteObject(entry: RouteEntry): RouteObject {
  const load = pages[entry.page ?? "not-found"];
  const allow = guard(entry);
  return {
    path: entry.path,
    loader: (args) => {
      allow(args);
      // The page's first data is fetched beside its code, not after it renders; a page whose
      // code fails to arrive shows the error screen through `lazy` below.
      load().then(
        (module) => module.prefetch?.(args.params, new URL(args.request.url)),
        () => undefined,
      );
      return null;
    },
    lazy: async () => ({ Component: (await load()).default }),
  };
}

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: routeTable.map(toRouteObject),
  },
];

export const createRouter = () => createBrowserRouter(routes);
