import type { ContentCard, ContentItem } from "@serene/contracts";
import type { ContentModel } from "@serene/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { contentKeys } from "../../../lib/catalogue-keys";

/** GET /{model}/{id}: everything the player (and a download) needs. Failures are only logged (spec 001 section 8). */
export const getContentItem = (model: ContentModel, id: string | number, signal?: AbortSignal): Promise<ContentItem> =>
  api.get("{model}/{id}", { params: { model, id }, signal, silent: true });

export const contentItemQuery = (model: ContentModel, id: string) =>
  queryOptions({
    queryKey: contentKeys.item(model, id),
    queryFn: ({ signal }) => getContentItem(model, id, signal),
    // An unknown id is a calm not-found state, not a retry loop.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

export const useContentItem = (model: ContentModel, id: string) => useQuery(contentItemQuery(model, id));

/** The recommendations of an item: every tag of it together (All) or one tag. */
export type TagChoice = { kind: "all" } | { kind: "tag"; slug: string };

export const recommendationsQuery = (model: ContentModel, id: number, tags: string[], choice: TagChoice) =>
  queryOptions({
    queryKey: contentKeys.recommendations(model, id, choice.kind === "all" ? "all" : choice.slug),
    queryFn: async ({ signal }): Promise<ContentCard[]> => {
      const query = choice.kind === "all" ? { tags, is_tags_inclusive: 1 } : { tags: [choice.slug] };
      return await api.get("{model}/{id}/recommendations", { params: { model, id }, query, signal, silent: true });
    },
  });

export const useRecommendations = (model: ContentModel, id: number, tags: string[], choice: TagChoice) =>
  useQuery(recommendationsQuery(model, id, tags, choice));
