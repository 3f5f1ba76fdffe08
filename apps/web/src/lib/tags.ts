import type { TagListResponse } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

/** GET /tags: every tag of the catalogue. A failure is only logged (spec 001 section 8): the chips stay away. */
export const getTags = (signal?: AbortSignal) => api.get<TagListResponse>("tags", { signal, silent: true });

export const tagKeys = {
  all: () => ["tags"] as const,
};

/** The one tags query: the header search and the content pages' chips share it. */
export const tagsQueryOptions = () =>
  queryOptions({ queryKey: tagKeys.all(), queryFn: ({ signal }) => getTags(signal), staleTime: 10 * 60_000 });

export const useTags = (enabled = true) => useQuery({ ...tagsQueryOptions(), enabled });
