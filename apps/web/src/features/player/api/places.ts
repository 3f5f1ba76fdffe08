import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { placeKeys } from "../../../lib/catalogue-keys";
import { queryClient } from "../../../lib/query-client";

/** GET /user/positions/{id}: where the member left this entry (null: nowhere kept), read fresh each visit. */
export function usePlace(id: number, enabled: boolean) {
  return useQuery({
    queryKey: placeKeys.item(id),
    queryFn: () => api.get("user/positions/{id}", { params: { id }, silent: true }),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** DELETE /user/positions/{id}: the member starts again from the beginning. Quiet on failure. */
export function forgetPlace(id: number) {
  queryClient.setQueryData(placeKeys.item(id), null);
  api
    .delete("user/positions/{id}", { params: { id }, silent: true })
    .then(() => queryClient.invalidateQueries({ queryKey: placeKeys.continueList(), refetchType: "none" }))
    .catch((error: unknown) => console.warn("The place was not forgotten:", error instanceof Error ? error.message : error));
}
