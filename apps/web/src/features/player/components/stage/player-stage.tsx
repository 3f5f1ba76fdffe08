import { BedControl } from "../bed/bed-control";
import { Deck } from "../controls/deck";
import { STAGE_SHORTCUTS, stageKeys } from "../controls/stage-keys";
import { StreamSwitches } from "../controls/stream-switches";
import { useCornerNotice } from "../corner-notice";
import { useStageEngine, type StageEntry } from "../engine/use-stage-engine";
import { SpokenLine, Transcript } from "../transcript/captions";
import { useStageWords } from "../transcript/use-stage-words";
import { WordTools } from "../transcript/word-tools";
import { StageScreen } from "./stage-screen";
import styles from "./stage.module.css";

/**
 * The player itself: calm custom controls over the members' area's one audio engine (decision 043). The
 * engine's media element (a <video>, which shows the picture of a video) is lent to this page while it shows;
 * the cover stands in for audio. Leaving the page does not stop the sound: the mini-player takes over.
 *
 * A composition of its parts (decision 061): the engine (engine/), the screen (here), the deck and the switches
 * (controls/), the words (transcript/), the soundscape (bed/); the sleep timer (timer/) sits in the deck.
 */
export function PlayerStage(entry: StageEntry) {
  const { playable, locked, caption } = entry;
  const notice = useCornerNotice();
  const engine = useStageEngine(entry, notice.show);
  const words = useStageWords(playable, engine.variant, locked, engine.position);

  return (
    <div className={styles.stageWrap}>
      <div
        className={styles.stage}
        role="group"
        aria-label="Player"
        aria-keyshortcuts={STAGE_SHORTCUTS}
        tabIndex={0}
        onKeyDown={stageKeys(engine)}
        data-playing={engine.playing || undefined}
      >
        <StageScreen cover={playable.cover} locked={locked} mine={engine.mine} showVideo={engine.showVideo}>
          {words.captionsUrl && words.captionsOn && (
            <SpokenLine text={words.spokenText} failed={words.captions.isError} overVideo={engine.showVideo} />
          )}
        </StageScreen>
        <Deck engine={engine} caption={caption} />
      </div>

      {/* A locked item has nothing to switch between until it is unlocked. */}
      {!locked && (
        <div className={styles.switches}>
          <StreamSwitches streams={playable} music={engine.music} variant={engine.variant} onSwitch={engine.switchTo} />
          {words.captionsUrl && <WordTools words={words} />}
          {!engine.music && engine.ownBed && <BedControl key={engine.key} item={engine.key} ownUrl={engine.ownBed} />}
        </div>
      )}
      {words.captionsUrl && words.transcriptOpen && (
        <Transcript
          id={words.transcriptId}
          cues={words.cues}
          current={words.spoken}
          status={words.captions.status}
          onChoose={(cue) => engine.seekTo(cue.start)}
          onRetry={() => void words.captions.refetch()}
        />
      )}
      {notice.element}
    </div>
  );
}
