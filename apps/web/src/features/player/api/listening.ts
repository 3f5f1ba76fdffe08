import type { ContentModel } from "@serene/domain";
import { api } from "../../../lib/api-client";
import { browserTimeZone, refusedTimeZone } from "../../../lib/time-zone";

// What the audio engine writes while the member listens (history and sessions), apart from what the player page
// writes (activity.ts: views, shares, favourites): the mini-player, which any members' page may load, carries
// the engine and so this, not the page's mutations.

export interface ContentRef {
  id: number;
  model: ContentModel;
}

/** Player calls fail silently: only logged (spec 001 section 8). Resolves once the call is done, either way. */
export const quietly = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => undefined,
    (error: unknown) => console.warn("Player call failed:", error instanceof Error ? error.message : error),
  );

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
