import { currentCueIndex, keepsPosition, playsOnLoop, type Cue } from "@serene/domain";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { PillButton } from "../../../components/ui/pill-button";
import { openSubscriptionOffer } from "../../../lib/subscription-offer";
import type { ContentRef } from "../api/activity";
import { useCaptions } from "../api/captions";
import { forgetPlace, usePlace } from "../api/places";
import { usePlayback } from "../hooks/use-playback";
import { playback, type Track } from "../lib/playback";
import { SKIP_SECONDS, formatClock, formatRemaining, skipTarget, spokenClock } from "../lib/time";
import {
  availableVariants,
  formatSwitch,
  initialVariant,
  isMusicStreams,
  streamField,
  switchesFor,
  urlOf,
  voiceSwitch,
  type Streams,
  type Variant,
} from "../lib/variants";
import { bedFor } from "../lib/bed-choices";
import { BedControl } from "./bed-control";
import { SpokenLine, Transcript, useCaptionsSetting } from "./captions";
import { Cover } from "./cover";
import { PlayerIcon } from "./icons";
import { useCornerNotice } from "./corner-notice";
import { SleepTimer } from "./sleep-timer";
import { SwitchGroup } from "./switch-group";
import styles from "./player.module.css";

const URL_MISSING = "Url does not exist";

export interface Playable extends Streams, ContentRef {
  name: string;
  cover: string;
  poster?: string;
  free: boolean;
  soundscape: { main_format: Streams["audio"] } | null;
}

interface PlayerStageProps {
  playable: Playable;
  /** Music and soundscapes: no voice, the item's own audio and video. */
  musicModel: boolean;
  /** The member may not play it (a locked item for a free member): Play opens the offer. */
  locked: boolean;
  /** Start as soon as the stream is ready (a session picked from the list). */
  autoPlay?: boolean;
  /** Shown above the seek bar: the session's name in a course. */
  caption?: string;
  onEnded?: () => void;
}

/** A slider of the deck (seek, volume) from 0 up to `max`; its filled part follows --fill. */
const DeckRange = (props: Omit<ComponentProps<"input">, "type" | "min" | "className">) => (
  <input className={styles.range} type="range" min={0} {...props} />
);

const isInteractive = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.closest("button, a, select, textarea, [role='button']") !== null ||
    (target instanceof HTMLInputElement && target.type !== "range"));

/** The variant whose stream the engine plays, when it plays this entry. */
function variantPlaying(playable: Playable, music: boolean, url: string | undefined): Variant | null {
  return availableVariants(playable, music).find((variant) => urlOf(playable, variant) === url) ?? null;
}

/**
 * The player itself: calm custom controls over the members' area's one audio engine (decision 043). The
 * engine's media element (a <video>, which shows the picture of a video) is lent to this page while it shows;
 * the cover stands in for audio. Leaving the page does not stop the sound: the mini-player takes over.
 */
export function PlayerStage({ playable, musicModel, locked, autoPlay = false, caption, onEnded }: PlayerStageProps) {
  const slot = useRef<HTMLDivElement>(null);
  const seekBar = useRef<HTMLInputElement>(null);
  const volumeBar = useRef<HTMLInputElement>(null);
  const { pathname } = useLocation();
  const engine = usePlayback();
  const key = `${playable.model}-${playable.id}`;
  const mine = engine.track?.key === key;

  const music = isMusicStreams(playable, musicModel);
  const [variant, setVariant] = useState<Variant>(
    () => (mine ? variantPlaying(playable, music, engine.track?.url) : null) ?? initialVariant(playable, music),
  );
  const url = locked ? null : urlOf(playable, variant);
  const keepsPlace = keepsPosition(playable.model);
  const place = usePlace(playable.id, keepsPlace && !locked);
  const resumeFrom = place.data?.resume_at ?? null;
  const ownBed = playable.soundscape?.main_format?.hls.playlist ?? null;

  const latest = useRef({ onEnded });
  useEffect(() => {
    latest.current = { onEnded };
  });
  const trackOf = useCallback(
    (chosen: Variant): Track | null => {
      const stream = locked ? null : urlOf(playable, chosen);
      if (!stream) return null;
      return {
        key,
        id: playable.id,
        model: playable.model,
        name: playable.name,
        caption,
        cover: playable.cover,
        poster: playable.poster,
        href: pathname,
        url: stream,
        video: chosen.format === "video",
        soundscapeUrl: bedFor(key, ownBed),
        loop: playsOnLoop(playable.model),
        keepsPlace,
      };
    },
    [key, playable, caption, pathname, locked, keepsPlace, ownBed],
  );
  const handlers = { onEnded: () => latest.current.onEnded?.() };

  // Opening the page: its entry is loaded, ready to play, unless another one is playing (that one goes on
  // until Play is pressed here). An entry opened and never played is let go when the page goes.
  useEffect(() => {
    const track = trackOf(variant);
    const state = playback.getState();
    if (track && (autoPlay || state.track?.key === key || !state.started)) playback.load(track, { autoPlay, ...handlers });
    return () => {
      const now = playback.getState();
      if (now.track?.key === key && !now.started) playback.close();
    };
    // Once per entry: switches and plays go through their own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // The place to continue from, once known, for an entry loaded and not yet started.
  useEffect(() => {
    const state = playback.getState();
    if (resumeFrom !== null && state.track?.key === key && !state.started && !autoPlay) playback.seek(resumeFrom);
  }, [resumeFrom, key, autoPlay]);

  const showVideo = !locked && variant.format === "video" && url !== null && mine;
  useLayoutEffect(() => {
    const element = slot.current;
    if (!element || !mine) return;
    playback.attach(element, showVideo ? styles.video! : styles.hiddenMedia!);
    return () => playback.detach(element);
  }, [mine, showVideo]);

  const playing = mine && engine.playing;
  const buffering = mine && engine.buffering;
  const position = mine ? engine.position : 0;
  const duration = mine ? engine.duration : 0;
  const { volume, muted } = engine;
  const notice = useCornerNotice();
  const offerToContinue = resumeFrom !== null && !(mine && engine.started) && !autoPlay;

  // The seek bar's and the volume's filled part, as custom properties (no inline style attributes).
  useEffect(() => {
    const fill = duration > 0 ? Math.min(100, (position / duration) * 100) : 0;
    seekBar.current?.style.setProperty("--fill", `${fill}%`);
  }, [position, duration]);
  useEffect(() => {
    volumeBar.current?.style.setProperty("--fill", `${muted ? 0 : volume * 100}%`);
  }, [volume, muted]);

  const play = useCallback(
    (from?: number) => {
      if (locked) return openSubscriptionOffer("locked");
      const track = trackOf(variant);
      if (!track) return notice.show(URL_MISSING);
      if (playback.getState().track?.key === key) {
        if (from !== undefined) playback.seek(from);
        return playback.play();
      }
      playback.load(track, { autoPlay: true, startAt: from ?? resumeFrom ?? 0, ...handlers });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locked, trackOf, variant, notice, key, resumeFrom],
  );
  const pause = () => playback.pause();
  const toggle = () => (playing || buffering ? pause() : play());
  const startAgain = () => {
    if (keepsPlace) forgetPlace(playable.id);
    play(0);
  };

  const skip = (delta: number) => {
    if (mine) playback.seek(skipTarget(playback.media.currentTime, delta, duration));
  };

  const switchTo = (target: Variant) => {
    setVariant(target);
    const track = trackOf(target);
    // The same entry in another voice or format: the engine keeps its place and its playing or not.
    if (track && playback.getState().track?.key === key) playback.load(track, handlers);
  };

  // Space plays or pauses while the player has focus (buttons keep their own Space); on the player
  // itself the arrow keys skip 10 s, on the sliders they move the slider.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === " " && !isInteractive(event.target)) {
      event.preventDefault();
      toggle();
    } else if (event.target === event.currentTarget && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      skip(event.key === "ArrowLeft" ? -SKIP_SECONDS : SKIP_SECONDS);
    }
  };

  // Captions of the stream chosen now (a voice switch loads that voice's own); only for a stream the member may play.
  const captionsUrl = locked ? null : (playable[streamField(variant)]?.hls.captions ?? null);
  const [captionsOn, setCaptionsOn] = useCaptionsSetting();
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const transcriptId = useId();
  const captions = useCaptions(captionsUrl, captionsOn || transcriptOpen);
  const cues = captions.data;
  const spoken = cues ? currentCueIndex(cues, position) : -1;
  const chooseLine = (cue: Cue) => {
    if (mine) playback.seek(cue.start);
    else play(cue.start);
  };

  const offers = switchesFor(playable, music);
  const format = formatSwitch(playable, music, variant);
  const voice = voiceSwitch(playable, music, variant);

  return (
    <div className={styles.stageWrap}>
      <div
        className={styles.stage}
        role="group"
        aria-label="Player"
        aria-keyshortcuts="Space ArrowLeft ArrowRight"
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-playing={playing || undefined}
      >
        <div className={[styles.screen, showVideo && styles.screenVideo].filter(Boolean).join(" ")}>
          <div ref={slot} className={showVideo ? styles.videoSlot : undefined} />
          {!showVideo && (
            <div className={styles.art}>
              <span className={styles.halo} aria-hidden="true" />
              <Cover src={playable.cover} className={styles.cover} blankClassName={styles.coverBlank} />
              {locked && (
                <span className={styles.lockBadge}>
                  <PlayerIcon name="lock" /> Premium
                </span>
              )}
            </div>
          )}
          {captionsUrl && captionsOn && (
            <SpokenLine text={spoken >= 0 ? cues![spoken]!.text : null} failed={captions.isError} overVideo={showVideo} />
          )}
        </div>

        <div className={styles.deck}>
          {caption && <p className={styles.caption}>{caption}</p>}
          {offerToContinue && (
            <div className={styles.resume} role="group" aria-label="Where you left off">
              <p>You stopped at {formatClock(resumeFrom)}.</p>
              <div className={styles.resumeActions}>
                <button type="button" className={styles.resumeMain} onClick={() => play(resumeFrom)}>
                  Continue from {formatClock(resumeFrom)}
                </button>
                <button type="button" className={styles.resumeOther} onClick={startAgain}>
                  Start from the beginning
                </button>
              </div>
            </div>
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
                onClick={() => skip(-SKIP_SECONDS)}
                aria-label="Back 10 seconds"
                disabled={!url}
              >
                <PlayerIcon name="back10" />
              </button>
              <button
                type="button"
                className={styles.play}
                onClick={toggle}
                aria-label={playing ? "Pause" : "Play"}
                aria-busy={buffering || undefined}
              >
                <PlayerIcon name={playing ? "pause" : "play"} />
              </button>
              <button
                type="button"
                className={styles.round}
                onClick={() => skip(SKIP_SECONDS)}
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
      </div>

      {/* A locked item has nothing to switch between until it is unlocked. */}
      {!locked && (
        <div className={styles.switches}>
          {offers.format && (
            <SwitchGroup
              label="Format"
              options={[
                {
                  label: "Audio",
                  icon: "headphones",
                  pressed: variant.format === "audio",
                  state: variant.format === "audio" ? null : format,
                },
                { label: "Video", icon: "video", pressed: variant.format === "video", state: variant.format === "video" ? null : format },
              ]}
              onSwitch={switchTo}
            />
          )}
          {offers.voice && (
            <SwitchGroup
              label="Voice"
              options={[
                { label: "Male", pressed: variant.voice === "male", state: variant.voice === "male" ? null : voice },
                { label: "Female", pressed: variant.voice === "female", state: variant.voice === "female" ? null : voice },
              ]}
              onSwitch={switchTo}
            />
          )}
          {captionsUrl && (
            <div className={styles.wordTools}>
              <PillButton size="sm" aria-pressed={captionsOn} onClick={() => setCaptionsOn(!captionsOn)}>
                <PlayerIcon name="captions" />
                Captions
              </PillButton>
              <PillButton
                size="sm"
                aria-expanded={transcriptOpen}
                aria-controls={transcriptOpen ? transcriptId : undefined}
                onClick={() => setTranscriptOpen((open) => !open)}
              >
                <PlayerIcon name="transcript" />
                Transcript
              </PillButton>
            </div>
          )}
          {!music && ownBed && <BedControl key={key} item={key} ownUrl={ownBed} />}
        </div>
      )}
      {captionsUrl && transcriptOpen && (
        <Transcript
          id={transcriptId}
          cues={cues}
          current={spoken}
          status={captions.status}
          onChoose={chooseLine}
          onRetry={() => void captions.refetch()}
        />
      )}
      {notice.element}
    </div>
  );
}
