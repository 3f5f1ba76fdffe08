/**
 * The service worker (decision 047), built by scripts/build-sw.mjs with Workbox's injectManifest as
 * the last step of the web build and served at /sw.js.
 *
 * - The app shell (the built code, styles, fonts, icons, the offline page and the page every
 *   members' address opens with) is precached at install.
 * - Page navigations go to the network first; without one, the members' area opens from the kept
 *   app shell and every other page shows the offline page, which leads to the downloads.
 * - Catalogue reads the member made (an allow-list, never tokens, payments, account or e-mail) are
 *   kept network-first; a downloaded item's own answer wins over the kept catalogue offline.
 * - Downloaded media (playlists, init files, segments, captions, covers) is answered from the
 *   downloads cache, range requests included; anything else under /media/ goes to the network.
 */
// The rules alone (not the package index), so the worker carries only what it uses.
import {
  CATALOGUE_CACHE,
  DOWNLOADS_CACHE,
  isKeptCatalogueRead,
  keptAnswerKey,
  offlineNavigation,
} from "../../../packages/domain/src/downloads";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { createPartialResponse } from "workbox-range-requests";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The precached page every members' address opens with (index.html as the server renders it). */
const APP_SHELL = "/home";
const OFFLINE_PAGE = "/offline.html";

// Navigations first: the precache's own route would answer /home from the cache before the network.
registerRoute(
  new NavigationRoute(async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      const shell = offlineNavigation(url.pathname) === "app-shell" ? await matchPrecache(APP_SHELL) : undefined;
      return shell ?? (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  }),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The downloads cache's answer for an address (media by path, whatever the query). */
async function downloaded(url: string, ignoreSearch: boolean): Promise<Response | undefined> {
  if (!(await caches.has(DOWNLOADS_CACHE))) return undefined;
  return (await caches.open(DOWNLOADS_CACHE)).match(url, { ignoreSearch });
}

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isKeptCatalogueRead(request.method, url.pathname),
  new NetworkFirst({
    cacheName: CATALOGUE_CACHE,
    plugins: [
      // The `t` time stamp changes with every call: answers are kept without it.
      { cacheKeyWillBeUsed: async ({ request }) => keptAnswerKey(request.url) },
      // Read from the cache only when the network failed: a downloaded item's own answer comes first.
      {
        cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
          (await downloaded(keptAnswerKey(request.url), false)) ?? cachedResponse ?? null,
      },
      { handlerDidError: async ({ request }) => (await downloaded(keptAnswerKey(request.url), false)) ?? Response.error() },
    ],
  }),
);

registerRoute(
  ({ url, request }) => request.method === "GET" && url.pathname.startsWith("/media/"),
  async ({ request }) => {
    const kept = await downloaded(request.url, true);
    if (!kept) return fetch(request);
    return request.headers.has("range") ? createPartialResponse(request, kept) : kept;
  },
);

// A new worker takes over at once: the app shell it precached replaces the previous one.
self.addEventListener("install", () => void self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
