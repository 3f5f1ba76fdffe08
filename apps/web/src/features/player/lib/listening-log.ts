import { toUtcSecond } from "@serene/domain";
import { contentKeys, libraryKeys } from "../../../lib/catalogue-keys";
import { progressKeys } from "../../../lib/progress-keys";
import { queryClient } from "../../../lib/query-client";
import { recordHistory, reportSession, type ContentRef } from "../api/activity";

/**
 * A listening session of one entry (spec 001 section 4): the first `playing` records the start time (and the
 * entry in the recently played list, once); its end (the item ended, another one started, the player closed,
 * the page went away) reports the session through POST /user/sessions, only when playback started.
 */
export class ListeningLog {
  private start: string | null = null;
  private ref: ContentRef | null = null;
  private inHistory: string | null = null;

  playing(ref: ContentRef) {
    const key = `${ref.model}-${ref.id}`;
    if (this.ref && `${this.ref.model}-${this.ref.id}` !== key) this.end(false);
    this.ref = { id: ref.id, model: ref.model };
    if (!this.start) this.start = toUtcSecond(new Date());
    if (this.inHistory !== key) {
      this.inHistory = key;
      void recordHistory(this.ref);
      // The library's Recently Played list loads again next time it shows.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all, refetchType: "none" });
    }
  }

  /** Reports the session that is open, if any; `keepalive` lets it finish while the page goes away. */
  end(keepalive: boolean) {
    const startedAt = this.start;
    const ref = this.ref;
    if (!startedAt || !ref) return;
    this.start = null;
    void reportSession({ start_session: startedAt, end_session: toUtcSecond(new Date()), id: ref.id, model: ref.model }, keepalive).then(
      () => {
        // The dashboard's figures load again next time they show; a course on screen marks the session done.
        void queryClient.invalidateQueries({ queryKey: progressKeys.statisticsAll(), refetchType: "none" });
        void queryClient.invalidateQueries({ queryKey: contentKeys.all });
      },
    );
  }

  /** A new entry starts: the next `playing` adds it to Recently Played again. */
  forget() {
    this.inHistory = null;
  }
}
