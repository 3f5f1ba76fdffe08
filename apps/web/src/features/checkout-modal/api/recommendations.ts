import type { ContentCardList } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { libraryKeys } from "../../../lib/catalogue-keys";

/**
 * GET /recommendation: items for the member from their goal and what they listen to (the library's
 * list, under the same key). A failure only leaves the carousel out: the purchase has succeeded.
 */
export const getRecommendations = (signal?: AbortSignal) => api.get<ContentCardList>("recommendation", { signal, silent: true });

export const recommendationsQueryOptions = () =>
  queryOptions({ queryKey: libraryKeys.list("recommendation"), queryFn: ({ signal }) => getRecommendations(signal), retry: false });

export const useRecommendations = (enabled: boolean) => useQuery({ ...recommendationsQueryOptions(), enabled });
