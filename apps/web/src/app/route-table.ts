import { APP_ROUTES, NOT_FOUND_TITLE, type AppRoute, type PageId } from "@serene/domain";

export type { PageId };
export type RouteEntry = AppRoute;

/** The app's routes (one list with the server, in @serene/domain) and the not-found page for every other address. */
export const routeTable: RouteEntry[] = [...APP_ROUTES, { path: "*", page: "not-found", title: NOT_FOUND_TITLE }];
