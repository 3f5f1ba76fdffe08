import type { ContentModel, ScreenName } from "@serene/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contentKeys, placeKeys } from "../../../lib/catalogue-keys";

/**
 * The catalogue's reads (spec 001 section 7). Failures of content and tag loads are only logged
 * (spec 001 section 8), so these calls stay out of the global error toast; pages show a calm state.
 * Content lists and library lists use the shared keys of lib/catalogue-keys (the player invalidates them).
 */

/** The spec's default page: page 1, 20 per page. */
export const FIRST_PAGE = { page: 1, per_page: 20 } as const;

export const screenKeys = {
  all: ["screen"] as const,
  screen: (name: ScreenName) => [...screenKeys.all, name] as const,
};

export const searchKeys = {
  all: ["search"] as const,
  results: (text: string, tags: string[]) => [...searchKeys.all, { text, tags }] as const,
};

export const collectionKeys = {
  all: ["collection"] as const,
  detail: (id: string) => [...collectionKeys.all, id] as const,
};

/** GET /screen/{name}: the sections of home, meditation, music, sleep or therapy. */
export const getScreen = (name: ScreenName, signal?: AbortSignal) =>
  api.get("screen/{name}", { params: { name }, signal, silent: true, query: FIRST_PAGE });

export const screenQueryOptions = (name: ScreenName) =>
  queryOptions({ queryKey: screenKeys.screen(name), queryFn: ({ signal }) => getScreen(name, signal) });

export const useScreen = (name: ScreenName) => useQuery(screenQueryOptions(name));

/** GET /{model}?tags=a,b: items of one model carrying any of the tags. */
export const getContentList = (model: ContentModel, tags: string[], signal?: AbortSignal) =>
  api.get("{model}", { params: { model }, signal, silent: true, query: { ...FIRST_PAGE, tags } });

export const contentListQueryOptions = (model: ContentModel, tags: string[]) =>
  queryOptions({ queryKey: contentKeys.list(model, tags), queryFn: ({ signal }) => getContentList(model, tags, signal) });

export const useContentList = (model: ContentModel, tags: string[]) =>
  useQuery({ ...contentListQueryOptions(model, tags), enabled: tags.length > 0, placeholderData: keepPreviousData });

/** GET /search?s=&tags=: full-text search over names and descriptions, narrowed by tags. */
export const getSearchResults = (text: string, tags: string[], signal?: AbortSignal) =>
  api.get("search", { signal, silent: true, query: { ...FIRST_PAGE, s: text || undefined, tags } });

export const searchQueryOptions = (text: string, tags: string[]) =>
  queryOptions({ queryKey: searchKeys.results(text, tags), queryFn: ({ signal }) => getSearchResults(text, tags, signal) });

/** While the member types, the last results stay (dimmed) until the new ones arrive. */
export const useSearch = (text: string, tags: string[]) =>
  useQuery({ ...searchQueryOptions(text, tags), enabled: Boolean(text) || tags.length > 0, placeholderData: keepPreviousData });

/** GET /collection/{id}: a collection's name, description and items. */
export const getCollection = (id: string, signal?: AbortSignal) => api.get("collection/{id}", { params: { id }, signal, silent: true });

export const collectionQueryOptions = (id: string) =>
  queryOptions({ queryKey: collectionKeys.detail(id), queryFn: ({ signal }) => getCollection(id, signal), retry: false });

export const useCollection = (id: string) => useQuery(collectionQueryOptions(id));

/** GET /user/continue: what the member began and did not finish, read fresh each visit (decision 043). */
export const getContinueList = (signal?: AbortSignal) => api.get("user/continue", { signal, silent: true });

export const useContinueList = () =>
  useQuery({ queryKey: placeKeys.continueList(), queryFn: ({ signal }) => getContinueList(signal), staleTime: 0, retry: false });
