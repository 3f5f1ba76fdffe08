import type { ContentModel } from "@serene/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { contentKeys, libraryKeys } from "../../../lib/catalogue-keys";
import { browserTimeZone, refusedTimeZone } from "../../../lib/time-zone";

export interface ContentRef {
  id: number;
  model: ContentModel;
}

/** Player calls fail silently: only logged (spec 001 section 8). Resolves once the call is done, either way. */
const quietly = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => undefined,
    (error: unknown) => console.warn("Player call failed:", error instanceof Error ? error.message : error),
  );

/** POST /user/views: the item's page was opened. */
export const recordView = (ref: ContentRef) => quietly(api.post("user/views", { body: ref, silent: true }));

/** POST /user/history: the item started playing (recently played). */
export const recordHistory = (ref: ContentRef) => quietly(api.post("user/history", { body: ref, silent: true }));

export interface SessionReport extends ContentRef {
  start_session: string;
  end_session: string;
}

/**
 * POST /user/sessions?tz=: the member's time zone goes with it, so the session counts on the member's
 * own day; `keepalive` lets it finish while the page goes away. Badges it earns show as toasts (api-client).
 */
export const reportSession = (report: SessionReport, keepalive = false) =>
  quietly(
    api.post("user/sessions", { body: report, query: { tz: browserTimeZone() }, keepalive, silent: true }).catch((error: unknown) => {
      // A zone the server does not know must not lose the session: it counts in the member's last zone instead.
      if (refusedTimeZone(error)) return api.post("user/sessions", { body: report, keepalive, silent: true });
      throw error;
    }),
  );

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
