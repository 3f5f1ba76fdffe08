import { useEffect, useRef, type ComponentProps } from "react";
import { playback } from "../../lib/playback";
import { SKIP_SECONDS, formatClock, formatRemaining, spokenClock } from "../../lib/time";
import type { StageEngine } from "../engine/use-stage-engine";
import { PlayerIcon } from "../icons";
import { SleepTimer } from "../timer/sleep-timer";
import { ResumeOffer } from "./resume-offer";
import styles from "./controls.module.css";

/** A slider of the deck (seek, volume) from 0 up to `max`; its filled part follows --fill. */
const DeckRange = (props: Omit<ComponentProps<"input">, "type" | "min" | "className">) => (
  <input className={styles.range} type="range" min={0} {...props} />
);

/**
 * The controls under the picture: the session's name in a course, 'You stopped at…', the seek bar with the
 * time played and left, the sleep timer, back 10 s, Play or Pause, ahead 10 s, and the volume.
 */
export function Deck({ engine, caption }: { engine: StageEngine; caption?: string }) {
  const seekBar = useRef<HTMLInputElement>(null);
  const volumeBar = useRef<HTMLInputElement>(null);
  const { position, duration, volume, muted, playing, buffering, resumeFrom, url } = engine;

  // The seek bar's and the volume's filled part, as custom properties (no inline style attributes).
  useEffect(() => {
    const fill = duration > 0 ? Math.min(100, (position / duration) * 100) : 0;
    seekBar.current?.style.setProperty("--fill", `${fill}%`);
  }, [position, duration]);
  useEffect(() => {
    volumeBar.current?.style.setProperty("--fill", `${muted ? 0 : volume * 100}%`);
  }, [volume, muted]);

  return (
    <div className={styles.deck}>
      {caption && <p className={styles.caption}>{caption}</p>}
      {engine.offerToContinue && resumeFrom !== null && (
        <ResumeOffer at={resumeFrom} onContinue={() => engine.play(resumeFrom)} onStartAgain={engine.startAgain} />
      )}
      <div className={styles.seekRow}>
        <span className={styles.time} aria-hidden="true">
          {formatClock(position)}
        </span>
        <DeckRange
          ref={seekBar}
          max={duration > 0 ? duration : 0}
          step={1}
          value={Math.min(position, duration || 0)}
          disabled={duration <= 0}
          aria-label="Seek"
          aria-valuetext={`${spokenClock(position)} of ${spokenClock(duration)}`}
          onChange={(event) => playback.seek(Number(event.target.value))}
        />
        <span className={styles.time}>
          <span className="visually-hidden">Remaining </span>
          {formatRemaining(position, duration)}
        </span>
      </div>

      <div className={styles.transport}>
        <div className={styles.extras}>
          <SleepTimer />
        </div>
        <div className={styles.transportMain}>
          <button
            type="button"
            className={styles.round}
            onClick={() => engine.skip(-SKIP_SECONDS)}
            aria-label="Back 10 seconds"
            disabled={!url}
          >
            <PlayerIcon name="back10" />
          </button>
          <button
            type="button"
            className={styles.play}
            onClick={engine.toggle}
            aria-label={playing ? "Pause" : "Play"}
            aria-busy={buffering || undefined}
          >
            <PlayerIcon name={playing ? "pause" : "play"} />
          </button>
          <button
            type="button"
            className={styles.round}
            onClick={() => engine.skip(SKIP_SECONDS)}
            aria-label="Ahead 10 seconds"
            disabled={!url}
          >
            <PlayerIcon name="ahead10" />
          </button>
        </div>
        <div className={styles.volume}>
          <button type="button" className={styles.mute} aria-label="Mute" aria-pressed={muted} onClick={() => playback.toggleMute()}>
            <PlayerIcon name={muted || volume === 0 ? "muted" : "volume"} />
          </button>
          <DeckRange
            ref={volumeBar}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            aria-label="Volume"
            aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
            onChange={(event) => playback.setVolume(Number(event.target.value))}
          />
        </div>
      </div>
    </div>
  );
}
