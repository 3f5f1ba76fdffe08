import type { CollectionResponse, ContentCardList, ContentCardPage, ScreenResponse, TagListResponse } from "@serene/contracts";
import type { ContentModel, ScreenName } from "@serene/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * The catalogue's reads (spec 001 section 7). Failures of content and tag loads are only logged
 * (spec 001 section 8), so these calls stay out of the global error toast; pages show a calm state.
 */

/** The spec's default page: page 1, 20 per page. */
export const FIRST_PAGE = { page: 1, per_page: 20 } as const;

export const screenQueryKey = (name: ScreenName) => ["screen", name] as const;

/** GET /screen/{name}: the sections of home, meditation, music, sleep or therapy. */
export const useScreen = (name: ScreenName) =>
  useQuery({
    queryKey: screenQueryKey(name),
    queryFn: ({ signal }) => api.get<ScreenResponse>(`screen/${name}`, { signal, silent: true, query: FIRST_PAGE }),
  });

/** GET /{model}?tags=a,b: items of one model carrying any of the tags. */
export const useContentList = (model: ContentModel, tags: string[]) =>
  useQuery({
    queryKey: ["content", model, { tags }],
    queryFn: ({ signal }) => api.get<ContentCardPage>(model, { signal, silent: true, query: { ...FIRST_PAGE, tags } }),
    enabled: tags.length > 0,
    placeholderData: keepPreviousData,
  });

export const tagsQueryKey = ["tags"] as const;

/** GET /tags: every tag of the catalogue. */
export const useTags = () =>
  useQuery({
    queryKey: tagsQueryKey,
    queryFn: ({ signal }) => api.get<TagListResponse>("tags", { signal, silent: true }),
    staleTime: 10 * 60_000,
  });

/** GET /search?s=&tags=: full-text search over names and descriptions, narrowed by tags. */
export const useSearch = (text: string, tags: string[]) =>
  useQuery({
    queryKey: ["search", { text, tags }],
    queryFn: ({ signal }) =>
      api.get<ContentCardPage>("search", { signal, silent: true, query: { ...FIRST_PAGE, s: text || undefined, tags } }),
    enabled: Boolean(text) || tags.length > 0,
  });

/** GET /collection/{id}: a collection's name, description and items. */
export const useCollection = (id: string) =>
  useQuery({
    queryKey: ["collection", id],
    queryFn: ({ signal }) => api.get<CollectionResponse>(`collection/${encodeURIComponent(id)}`, { signal, silent: true }),
    retry: false,
  });

export type LibraryList = "recently-played" | "recommendation" | "favorite";

/** GET /recently-played, /recommendation, /favorite: the member's library. */
export const useLibraryList = (list: LibraryList) =>
  useQuery({
    queryKey: ["library", list],
    queryFn: ({ signal }) => api.get<ContentCardList>(list, { signal, silent: true }),
  });
