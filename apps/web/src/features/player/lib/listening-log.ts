import { toUtcSecond } from "@serene/domain";
import { contentKeys, libraryKeys } from "../../../lib/catalogue-keys";
import { progressKeys } from "../../../lib/progress-keys";
import { queryClient } from "../../../lib/query-client";
import { recordHistory, reportSession, type ContentRef } from "../api/listening";

/**
 * A listening session of one entry (spec 001 section 4): the first `playing` records the start time (and the
 * entry in the recently played list, once); its end (the item ended, another one started, the player closed,
 * the page went away) reports the session through POST /user/sessions, only when playback started.
 *
 * The session reported is the listening in it: from its start, as long as the sound actually played. Time
 * paused or waiting for the stream is not listening, so a session paused for a while is not reported as longer
 * than the item, which the server would not believe (decision 054). A refused report is only logged.
 */
export class ListeningLog {
  /** When the session started (ms), and how long it has played so far. */
  private start: number | null = null;
  private listenedMs = 0;
  /** When the sound started playing again, while it plays. */
  private playingSince: number | null = null;
  private ref: ContentRef | null = null;
  private inHistory: string | null = null;

  playing(ref: ContentRef) {
    const key = `${ref.model}-${ref.id}`;
    if (this.ref && `${this.ref.model}-${this.ref.id}` !== key) this.end(false);
    this.ref = { id: ref.id, model: ref.model };
    const now = Date.now();
    if (this.start === null) this.start = now;
    if (this.playingSince === null) this.playingSince = now;
    if (this.inHistory !== key) {
      this.inHistory = key;
      void recordHistory(this.ref);
      // The library's Recently Played list loads again next time it shows.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all, refetchType: "none" });
    }
  }

  /** The sound stopped (paused, or waiting for the stream): the time until it plays again is not listening. */
  stopped() {
    if (this.playingSince === null) return;
    this.listenedMs += Math.max(0, Date.now() - this.playingSince);
    this.playingSince = null;
  }

  /** Reports the session that is open, if any; `keepalive` lets it finish while the page goes away. */
  end(keepalive: boolean) {
    const startedAt = this.start;
    const ref = this.ref;
    if (startedAt === null || !ref) return;
    this.stopped();
    const listened = this.listenedMs;
    this.start = null;
    this.listenedMs = 0;
    void reportSession(
      {
        start_session: toUtcSecond(new Date(startedAt)),
        end_session: toUtcSecond(new Date(startedAt + listened)),
        id: ref.id,
        model: ref.model,
      },
      keepalive,
    ).then(() => {
      // The dashboard's figures load again next time they show; a course on screen marks the session done.
      void queryClient.invalidateQueries({ queryKey: progressKeys.statisticsAll(), refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    });
  }

  /** A new entry starts: the next `playing` adds it to Recently Played again. */
  forget() {
    this.inHistory = null;
  }
}
