import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { libraryKeys, type LibraryList } from "../catalogue-keys";

/**
 * GET /recently-played, /recommendation, /favorite: the member's library lists. The library pages,
 * the workbook result ("what to listen to next") and the checkout's thank-you carousel read them;
 * the player invalidates them (libraryKeys in lib/catalogue-keys). Failures only leave a list out.
 */
export const getLibraryList = (list: LibraryList, signal?: AbortSignal) => api.get(list, { signal, silent: true });

export const libraryListQueryOptions = (list: LibraryList) =>
  queryOptions({ queryKey: libraryKeys.list(list), queryFn: ({ signal }) => getLibraryList(list, signal) });

export const useLibraryList = (list: LibraryList) => useQuery(libraryListQueryOptions(list));

/** GET /recommendation: items for the member from their goal and what they listen to. */
export const useRecommendations = ({ enabled = true, retry = true }: { enabled?: boolean; retry?: boolean } = {}) =>
  useQuery({ ...libraryListQueryOptions("recommendation"), enabled, ...(retry ? {} : { retry: false }) });
