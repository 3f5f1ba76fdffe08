import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useMixer } from "../hooks/use-mixer";
import { usePlayback } from "../hooks/use-playback";
import { mixer, type MixerState } from "../lib/mixer-engine";
import { playback } from "../lib/playback";
import { spokenClock } from "../lib/time";
import { Cover } from "./cover";
import { SleepTimer } from "./timer/sleep-timer";
import { PlayerIcon } from "./icons";
import styles from "./mini-player.module.css";

/** Where the Sounds mixer is: the mini-player's mix leads back there. */
export const SOUNDS_PATH = "/sounds";

/** "Your mix · Rain, Forest": what the mini-player calls the mix. */
export const mixTitle = (mix: Pick<MixerState, "layers">) => `Your mix · ${mix.layers.map((layer) => layer.name).join(", ")}`;

/**
 * What plays while the member is elsewhere in the members' area (decision 043): the cover and name (back to
 * the full player, where the sound goes on without a gap), play or pause, the progress, and close. It shows
 * once playback has begun and never on the page of the player that plays. The Sounds mix has its turn here
 * too (decision 048): whichever of the two started last shows; closing it brings back the other, paused.
 */
export function MiniPlayer() {
  const state = usePlayback();
  const mix = useMixer();
  const { pathname } = useLocation();
  const bar = useRef<HTMLDivElement>(null);
  const track = state.track;
  const session = Boolean(track && state.started);
  const mixMode = mix.started && mix.layers.length > 0 && (mix.front || !session);
  const shown = mixMode ? pathname !== SOUNDS_PATH : Boolean(session && track && pathname !== track.href);
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
  if (!shown) return null;
  if (mixMode) return <MixPlayer mix={mix} />;
  if (!track) return null;
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

/** The Sounds mix in the mini-player: its sounds' names (back to the mixer), play or pause, and close. */
function MixPlayer({ mix }: { mix: MixerState }) {
  const title = mixTitle(mix);
  return (
    <aside className={[styles.mini, styles.mix].join(" ")} aria-label="Now playing">
      <Link to={SOUNDS_PATH} className={styles.open} aria-label={`Open the mixer: ${title}`}>
        <span className={styles.covers} aria-hidden="true">
          {mix.layers.map((layer) => (
            <Cover key={layer.id} src={layer.cover} className={styles.mixCover} blankClassName={styles.mixCover} />
          ))}
        </span>
        <span className={styles.text}>
          <span className={styles.mixTitle}>{title}</span>
        </span>
      </Link>
      <button
        type="button"
        className={styles.play}
        onClick={() => (mix.playing ? mixer.stop() : mixer.play())}
        aria-label={mix.playing ? "Pause the mix" : "Play the mix"}
      >
        <PlayerIcon name={mix.playing ? "pause" : "play"} />
      </button>
      <button type="button" className={styles.close} onClick={() => mixer.clear()} aria-label="Close the mix">
        <PlayerIcon name="close" />
      </button>
    </aside>
  );
}
