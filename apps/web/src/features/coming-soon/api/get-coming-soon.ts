import type { ComingSoonPage } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { storage } from "../../../lib/storage";

/**
 * GET /coming-soon/{key} (spec 000 sections 4 and 8, decision 026). The page data is kept in local
 * storage per key (`coming-soon:<key>`, the default funnel also under `coming-soon:`), refreshed on
 * every successful load, no expiry; signing out empties it with the rest of local storage.
 * - 429: the cached copy is shown (when there is one).
 * - 404 (unknown key): the default funnel is shown.
 * - Any other failure is ignored: the cached copy of the key, else the cached default, else a calm note.
 */
export const CACHE_PREFIX = "coming-soon:";
const DEFAULT_SLOT = "";

export const comingSoonKeys = {
  all: ["coming-soon"] as const,
  page: (key: string | undefined) => [...comingSoonKeys.all, key ?? DEFAULT_SLOT] as const,
};

export function readCachedPage(key: string | undefined): ComingSoonPage | null {
  const raw = storage.get(`${CACHE_PREFIX}${key ?? DEFAULT_SLOT}`);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as ComingSoonPage;
    return parsed && typeof parsed === "object" && typeof parsed.key === "string" && typeof parsed.funnel_title === "string"
      ? parsed
      : null;
  } catch {
    return null;
  }
}

function cachePage(key: string | undefined, page: ComingSoonPage) {
  const value = JSON.stringify(page);
  storage.set(`${CACHE_PREFIX}${key ?? DEFAULT_SLOT}`, value);
  storage.set(`${CACHE_PREFIX}${page.key}`, value);
}

const fetchPage = (key: string | undefined, signal?: AbortSignal) =>
  key ? api.get("coming-soon/{key}", { params: { key }, signal, silent: true }) : api.get("coming-soon", { signal, silent: true });

/** Where the page came from: the server now, or the copy kept from an earlier visit. */
export interface LoadedComingSoon {
  page: ComingSoonPage;
  fromCache: boolean;
}

export async function getComingSoon(key: string | undefined, signal?: AbortSignal): Promise<LoadedComingSoon> {
  try {
    const page = await fetchPage(key, signal);
    cachePage(key, page);
    return { page, fromCache: false };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 401) throw error;
    if (status === 404 && key) return getComingSoon(undefined, signal);
    const cached = readCachedPage(key) ?? (status === 429 ? null : readCachedPage(undefined));
    if (cached) return { page: cached, fromCache: true };
    throw error;
  }
}

export const comingSoonQueryOptions = (key: string | undefined) =>
  queryOptions({
    queryKey: comingSoonKeys.page(key),
    queryFn: ({ signal }) => getComingSoon(key, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const useComingSoon = (key: string | undefined) => useQuery(comingSoonQueryOptions(key));
