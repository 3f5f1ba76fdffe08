import { bedOptions, bedUrl, type BedChoice } from "@serene/domain";
import { useState } from "react";
import { usePlayback } from "../../hooks/use-playback";
import { rememberBed, rememberedBed } from "../../lib/bed-choices";
import { playback } from "../../lib/playback";
import { LabelledRow } from "../controls/switch-group";
import { PlayerIcon } from "../icons";
import styles from "./bed.module.css";

/**
 * The soundscape under a session, on its own (decisions 043 and 048): which bed plays (the item's own, another
 * ambient bed, or none; kept per item on the device), its mute, and how loud it plays beside the voice. A new
 * choice swaps only the bed: the voice plays on. The level stays for the next session, as the member's taste.
 */
export function BedControl({ item, ownUrl }: { item: string; ownUrl: string }) {
  const { bedLevel, bedMuted } = usePlayback();
  const [choice, setChoice] = useState<BedChoice>(() => rememberedBed(item, ownUrl));
  const none = choice === "none";
  const silent = none || bedMuted || bedLevel === 0;

  const choose = (next: BedChoice) => {
    setChoice(next);
    rememberBed(item, next);
    if (playback.getState().track?.key === item) playback.setBed(bedUrl(ownUrl, next));
  };

  return (
    <LabelledRow label="Soundscape">
      <div className={styles.bed}>
        <select
          className={styles.bedChoice}
          value={choice}
          aria-label="Soundscape under the session"
          onChange={(event) => choose(event.target.value as BedChoice)}
        >
          {bedOptions(ownUrl).map((option) => (
            <option key={option.choice} value={option.choice}>
              {option.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={styles.bedMute}
          aria-label="Mute the soundscape"
          aria-pressed={bedMuted}
          disabled={none}
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
          disabled={none}
          aria-label="Soundscape volume"
          aria-valuetext={`${Math.round((bedMuted ? 0 : bedLevel) * 100)}% of the voice`}
          onChange={(event) => playback.setBedLevel(Number(event.target.value))}
        />
      </div>
    </LabelledRow>
  );
}
