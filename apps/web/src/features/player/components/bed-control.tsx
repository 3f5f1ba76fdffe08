import { usePlayback } from "../hooks/use-playback";
import { playback } from "../lib/playback";
import { PlayerIcon } from "./icons";
import styles from "./player.module.css";

/**
 * The soundscape under a session, on its own (decision 043): mute it, or set how loud it plays beside the voice.
 * The level stays for the next session, as the member's taste.
 */
export function BedControl() {
  const { bedLevel, bedMuted } = usePlayback();
  const silent = bedMuted || bedLevel === 0;
  return (
    <div className={styles.switchGroup} role="group" aria-label="Soundscape">
      <span className={styles.switchLabel} aria-hidden="true">
        Soundscape
      </span>
      <div className={styles.bed}>
        <button
          type="button"
          className={styles.bedMute}
          aria-label="Mute the soundscape"
          aria-pressed={bedMuted}
          onClick={() => playback.toggleBedMute()}
        >
          <PlayerIcon name={silent ? "muted" : "volume"} />
        </button>
        <input
          className={styles.bedRange}
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={bedMuted ? 0 : bedLevel}
          aria-label="Soundscape volume"
          aria-valuetext={`${Math.round((bedMuted ? 0 : bedLevel) * 100)}% of the voice`}
          onChange={(event) => playback.setBedLevel(Number(event.target.value))}
        />
      </div>
    </div>
  );
}
