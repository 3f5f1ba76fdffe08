import type { ContentModel } from "@serene/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";

/**
 * GET /tags: the tags some item carries, or some item of one model (decision 041). A failure is
 * only logged (spec 001 section 8): the chips stay away.
 */
export const getTags = (model?: ContentModel, signal?: AbortSignal) => api.get("tags", { signal, silent: true, query: { model } });

export const tagKeys = {
  all: () => ["tags"] as const,
  of: (model?: ContentModel) => [...tagKeys.all(), model ?? "any"] as const,
};

/** The tags query: the header search and the results share the catalogue's; a content page asks for its model's. */
export const tagsQueryOptions = (model?: ContentModel) =>
  queryOptions({ queryKey: tagKeys.of(model), queryFn: ({ signal }) => getTags(model, signal), staleTime: 10 * 60_000 });

export const useTags = (enabled = true, model?: ContentModel) => useQuery({ ...tagsQueryOptions(model), enabled });
