import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { create } from "zustand";
import { env } from "./env";

/** The title of the landing page, and of any page without a name of its own. */
export const siteTitle = () => `${env.appName} · Meditation, sleep and calm`;

/** "<name> · Serene": a page's name in the browser's tab. */
export const pageTitle = (name: string) => `${name} · ${env.appName}`;

interface NamedPage {
  /** The location (its key) the name belongs to, so it never outlives its page. */
  key: string;
  name: string;
}

const useNamedPage = create<{ page: NamedPage | null }>(() => ({ page: null }));

/** What a route's `handle` carries: the page's name from the route table. */
export interface RouteHandle {
  title?: string;
}

/**
 * Names the page more exactly than its route does, once its data is in (an item's, a collection's, an
 * offer's name). Sets the tab's title at once, and keeps the route's name from replacing it.
 */
export function useDocumentTitle(name: string | null | undefined) {
  const { key } = useLocation();
  useEffect(() => {
    if (!name) return;
    document.title = pageTitle(name);
    useNamedPage.setState({ page: { key, name } });
    return () => {
      if (useNamedPage.getState().page?.key === key) useNamedPage.setState({ page: null });
    };
  }, [key, name]);
}

/**
 * The browser tab's title on every page: the name a page gave itself (useDocumentTitle), else its
 * route's name (the route table's `title`), else the site's own title (the landing page).
 */
export function DocumentTitle() {
  const matches = useMatches();
  const { key } = useLocation();
  const named = useNamedPage((state) => state.page);
  const routeName = (matches.at(-1)?.handle as RouteHandle | undefined)?.title;
  const name = named?.key === key ? named.name : routeName;
  useEffect(() => {
    document.title = name ? pageTitle(name) : siteTitle();
  }, [name]);
  return null;
}
