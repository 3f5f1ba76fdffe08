import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { usePlayback } from "../hooks/use-playback";
import { playback } from "../lib/playback";
import { spokenClock } from "../lib/time";
import { Cover } from "./cover";
import { SleepTimer } from "./sleep-timer";
import { PlayerIcon } from "./icons";
import styles from "./mini-player.module.css";

/**
 * What plays while the member is elsewhere in the members' area (decision 043): the cover and name (back to
 * the full player, where the sound goes on without a gap), play or pause, the progress, and close. It shows
 * once playback has begun and never on the page of the player that plays.
 */
export function MiniPlayer() {
  const state = usePlayback();
  const { pathname } = useLocation();
  const bar = useRef<HTMLDivElement>(null);
  const track = state.track;
  const shown = Boolean(track && state.started && pathname !== track.href);
  const fill = state.duration > 0 ? Math.min(100, (state.position / state.duration) * 100) : 0;
  useEffect(() => {
    bar.current?.style.setProperty("--fill", `${fill}%`);
  }, [fill, shown]);
  // The page keeps room for it at the bottom while it shows.
  useEffect(() => {
    if (!shown) return;
    document.body.dataset.miniPlayer = "";
    return () => {
      delete document.body.dataset.miniPlayer;
    };
  }, [shown]);
  if (!shown || !track) return null;
  const title = track.caption ?? track.name;
  return (
    <aside className={styles.mini} aria-label="Now playing">
      <Link to={track.href} className={styles.open} aria-label={`Open the player: ${title}`}>
        <Cover src={track.cover} className={styles.cover} blankClassName={styles.cover} />
        <span className={styles.text}>
          <span className={styles.title}>{title}</span>
          {track.caption && <span className={styles.subtitle}>{track.name}</span>}
        </span>
      </Link>
      <button
        type="button"
        className={styles.play}
        onClick={() => playback.toggle()}
        aria-label={state.playing ? "Pause" : "Play"}
        aria-busy={state.buffering || undefined}
      >
        <PlayerIcon name={state.playing ? "pause" : "play"} />
      </button>
      <SleepTimer compact />
      <button type="button" className={styles.close} onClick={() => playback.close()} aria-label="Close the player">
        <PlayerIcon name="close" />
      </button>
      <div
        ref={bar}
        className={styles.progress}
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={Math.round(state.duration)}
        aria-valuenow={Math.round(state.position)}
        aria-valuetext={`${spokenClock(state.position)} of ${spokenClock(state.duration)}`}
      />
    </aside>
  );
}
