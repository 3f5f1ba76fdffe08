import { decideNavigation } from "@serene/domain";
import { createBrowserRouter, generatePath, redirect, type LoaderFunctionArgs, type RouteObject } from "react-router";
import type { RouteHandle } from "../lib/document-title";
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

/** The longest a page the server painted waits for its data before the app takes over anyway. */
const PAINTED_PAGE_WAIT_MS = 4000;

/**
 * Whether the server painted this page with its words (`data-server-painted`, the sales pages): the
 * first render then waits for the page's data, so the app replaces it with the same page in one
 * step rather than with a loading state. Only the first page of a visit is painted by the server.
 */
const serverPainted = () => typeof document !== "undefined" && document.querySelector("#root [data-server-painted]") !== null;

export function toRouteObject(entry: RouteEntry): RouteObject {
  const load = pages[entry.page ?? "not-found"];
  const allow = guard(entry);
  return {
    path: entry.path,
    handle: { title: entry.title } satisfies RouteHandle,
    loader: async (args) => {
      allow(args);
      // The page's first data is fetched beside its code, not after it renders; a page whose
      // code fails to arrive shows the error screen through `lazy` below.
      const prefetched = load().then(
        (module) => module.prefetch?.(args.params, new URL(args.request.url)),
        () => undefined,
      );
      if (serverPainted()) {
        await Promise.race([prefetched.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, PAINTED_PAGE_WAIT_MS))]);
      }
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
