import type { ContentSession } from "@serene/contracts";
import { formatMinutes } from "../lib/time";
import { PlayerIcon } from "./icons";
import styles from "./side-panel.module.css";

interface SessionListProps {
  title: string;
  sessions: ContentSession[];
  currentId: number | null;
  /** The session that plays right now, if any: only it says 'Now playing'. */
  playingId: number | null;
  /** May this member play the session? */
  isLocked: (session: ContentSession) => boolean;
  onSelect: (session: ContentSession) => void;
  emptyText: string;
}

/** A course's sessions or a playlist's audios; the current one is marked, locked ones carry a lock. */
export function SessionList({ title, sessions, currentId, playingId, isLocked, onSelect, emptyText }: SessionListProps) {
  return (
    <section className={styles.panel} aria-labelledby="player-sessions-title">
      <header className={styles.panelHeader}>
        <h2 id="player-sessions-title">{title}</h2>
        {sessions.length > 0 && <span className={styles.count}>{sessions.length}</span>}
      </header>
      {sessions.length === 0 ? (
        <div className={styles.empty}>
          <PlayerIcon name="wave" className={styles.emptyIcon} />
          <p>{emptyText}</p>
        </div>
      ) : (
        <ol className={styles.sessions}>
          {sessions.map((session, index) => {
            const locked = isLocked(session);
            const current = session.id === currentId;
            const minutes = formatMinutes(session.duration);
            return (
              <li key={session.id}>
                <button
                  type="button"
                  className={styles.session}
                  aria-current={current ? "true" : undefined}
                  onClick={() => onSelect(session)}
                >
                  <span className={styles.sessionIndex} aria-hidden="true">
                    {session.id === playingId ? <PlayerIcon name="wave" /> : index + 1}
                  </span>
                  <span className={styles.sessionText}>
                    <span className={styles.sessionName}>{session.name}</span>
                    <span className={styles.sessionMeta}>
                      {[session.id === playingId ? "Now playing" : null, minutes, session.complete ? "Completed" : null]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </span>
                  {locked ? (
                    <span className={styles.sessionLock}>
                      <PlayerIcon name="lock" />
                      <span className="visually-hidden">Locked</span>
                    </span>
                  ) : (
                    session.complete && (
                      <span className={styles.sessionDone} aria-hidden="true">
                        <PlayerIcon name="check" />
                      </span>
                    )
                  )}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
