import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contentKeys, libraryKeys } from "../../../lib/catalogue-keys";
import { quietly, type ContentRef } from "./listening";

export type { ContentRef };

/** POST /user/views: the item's page was opened. */
export const recordView = (ref: ContentRef) => quietly(api.post("user/views", { body: ref, silent: true }));

/** POST /user/shares: the member copied the item's link (the sharing badge). Never in the way of the copy. */
export const recordShare = (ref: ContentRef) => quietly(api.post("user/shares", { body: ref, silent: true }));

/** POST (add) or DELETE (remove) /user/favorite. */
export async function setFavorite(ref: ContentRef, favorite: boolean): Promise<boolean> {
  const reply = favorite
    ? await api.post("user/favorite", { body: ref, silent: true })
    : await api.delete("user/favorite", { body: ref, silent: true });
  return reply?.favorite ?? favorite;
}

/** Favourite on or off; pages showing this item or the library's Favorite list load it again next time. */
export function useSetFavorite(ref: ContentRef, onChanged: (favorite: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: boolean) => setFavorite(ref, next),
    onSuccess: (value) => {
      onChanged(value);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all, refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    },
    onError: (error) => console.warn("Favourite was not changed:", error.message),
  });
}
