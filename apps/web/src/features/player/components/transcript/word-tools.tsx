import { PillButton } from "../../../../components/ui/pill-button";
import { PlayerIcon } from "../icons";
import type { StageWords } from "./use-stage-words";
import styles from "./transcript.module.css";

/** Captions and Transcript, beside the switches under the stage. */
export function WordTools({ words }: { words: StageWords }) {
  return (
    <div className={styles.wordTools}>
      <PillButton size="sm" aria-pressed={words.captionsOn} onClick={words.toggleCaptions}>
        <PlayerIcon name="captions" />
        Captions
      </PillButton>
      <PillButton
        size="sm"
        aria-expanded={words.transcriptOpen}
        aria-controls={words.transcriptOpen ? words.transcriptId : undefined}
        onClick={words.toggleTranscript}
      >
        <PlayerIcon name="transcript" />
        Transcript
      </PillButton>
    </div>
  );
}
