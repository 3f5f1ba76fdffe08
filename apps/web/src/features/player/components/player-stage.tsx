import { useCallback, useEffect, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { env } from "../../../lib/env";
import { openSubscriptionOffer } from "../../../lib/subscription-offer";
import type { ContentRef } from "../api/activity";
import { setMediaSessionState, useMediaSession } from "../hooks/use-media-session";
import { useListeningSession } from "../hooks/use-listening-session";
import { loadStream, type StreamHandle } from "../lib/stream-loader";
import { SKIP_SECONDS, formatClock, formatRemaining, skipTarget, spokenClock } from "../lib/time";
import { formatSwitch, initialVariant, isMusicStreams, urlOf, voiceSwitch, type Streams, type Variant } from "../lib/variants";
import { roundVolume } from "../lib/volume";
import { Cover } from "./cover";
import { PlayerIcon } from "./icons";
import { useCornerNotice } from "./corner-notice";
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

/**
 * The player itself: one media element for audio and video (a <video> shows the picture, the cover
 * stands in for audio), a hidden looping soundscape under the voice, and calm custom controls.
 */
export function PlayerStage({ playable, musicModel, locked, autoPlay = false, caption, onEnded }: PlayerStageProps) {
  const media = useRef<HTMLVideoElement>(null);
  const soundscape = useRef<HTMLAudioElement>(null);
  const seekBar = useRef<HTMLInputElement>(null);
  const volumeBar = useRef<HTMLInputElement>(null);
  const handle = useRef<StreamHandle | null>(null);
  const ready = useRef(false);
  /** Play once the stream is ready (Play pressed while it loads, a switch while playing, autoPlay). */
  const playWhenReady = useRef(autoPlay);

  const music = isMusicStreams(playable, musicModel);
  const [variant, setVariant] = useState<Variant>(() => initialVariant(playable, music));
  const url = locked ? null : urlOf(playable, variant);
  const soundscapeUrl = locked ? null : (playable.soundscape?.main_format?.hls.playlist ?? null);

  const [playing, setPlaying] = useState(false);
  const [buffering, setBuffering] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const notice = useCornerNotice();
  const session = useListeningSession({ id: playable.id, model: playable.model });

  // The voice (or music) stream: reloaded whenever the variant changes.
  useEffect(() => {
    const element = media.current;
    if (!element || !url) return;
    const controller = new AbortController();
    ready.current = false;
    let loaded: StreamHandle | null = null;
    loadStream(element, url, controller.signal)
      .then((stream) => {
        if (!stream) return;
        loaded = stream;
        handle.current = stream;
        return stream.ready.then(() => {
          if (controller.signal.aborted) return;
          ready.current = true;
          if (playWhenReady.current) {
            playWhenReady.current = false;
            element.play().catch((error: unknown) => console.warn("Playback did not start:", error));
          }
        });
      })
      .catch((error: unknown) => console.error("The stream could not be loaded:", error));
    return () => {
      controller.abort();
      loaded?.destroy();
      if (handle.current === loaded) handle.current = null;
      ready.current = false;
    };
  }, [url]);

  // The soundscape bed: loaded once per stream, started by `playing`.
  useEffect(() => {
    const element = soundscape.current;
    if (!element || !soundscapeUrl) return;
    const controller = new AbortController();
    let loaded: StreamHandle | null = null;
    loadStream(element, soundscapeUrl, controller.signal)
      .then((stream) => {
        loaded = stream;
        if (stream && media.current && !media.current.paused) element.play().catch(() => undefined);
      })
      .catch((error: unknown) => console.error("The soundscape could not be loaded:", error));
    return () => {
      controller.abort();
      loaded?.destroy();
    };
  }, [soundscapeUrl]);

  // The seek bar's and the volume's filled part, as custom properties (no inline style attributes).
  useEffect(() => {
    const fill = duration > 0 ? Math.min(100, (position / duration) * 100) : 0;
    seekBar.current?.style.setProperty("--fill", `${fill}%`);
  }, [position, duration]);
  useEffect(() => {
    volumeBar.current?.style.setProperty("--fill", `${muted ? 0 : volume * 100}%`);
  }, [volume, muted]);

  const startSoundscape = () => {
    const bed = soundscape.current;
    if (bed && soundscapeUrl && bed.paused) bed.play().catch(() => undefined);
  };
  const pauseSoundscape = () => soundscape.current?.pause();

  const play = useCallback(() => {
    if (locked) return openSubscriptionOffer("locked");
    if (!url) return notice.show(URL_MISSING);
    const element = media.current;
    if (!element) return;
    if (!ready.current) {
      playWhenReady.current = true;
      setBuffering(true);
      return;
    }
    element.play().catch((error: unknown) => console.warn("Playback did not start:", error));
  }, [locked, url, notice]);

  const pause = useCallback(() => {
    playWhenReady.current = false;
    media.current?.pause();
  }, []);

  const toggle = () => (playing || playWhenReady.current ? pause() : play());

  const skip = useCallback((delta: number) => {
    const element = media.current;
    if (!element || !ready.current) return;
    element.currentTime = skipTarget(element.currentTime, delta, element.duration);
  }, []);

  const switchTo = (target: Variant) => {
    const element = media.current;
    playWhenReady.current = Boolean(element && (!element.paused || playWhenReady.current));
    // A new stream: the soundscape starts again from the beginning with it.
    const bed = soundscape.current;
    if (bed) {
      bed.pause();
      if (bed.readyState > 0) bed.currentTime = 0;
    }
    setPosition(0);
    setDuration(0);
    setVariant(target);
  };

  useMediaSession({
    title: caption ?? playable.name,
    artist: env.appName,
    artwork: playable.cover || null,
    onPlay: play,
    onPause: pause,
    onSeekBackward: () => skip(-SKIP_SECONDS),
    onSeekForward: () => skip(SKIP_SECONDS),
  });

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

  const format = formatSwitch(playable, music, variant);
  const voice = voiceSwitch(playable, music, variant);
  const showVideo = !locked && variant.format === "video" && url !== null;

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
          <video
            ref={media}
            className={showVideo ? styles.video : styles.hiddenMedia}
            data-testid="player-media"
            playsInline
            preload="metadata"
            poster={showVideo ? playable.poster || undefined : undefined}
            aria-hidden={showVideo ? undefined : true}
            aria-label={showVideo ? playable.name : undefined}
            onPlaying={() => {
              setPlaying(true);
              setBuffering(false);
              setMediaSessionState("playing");
              startSoundscape();
              session.onPlaying();
            }}
            onPlay={() => setPlaying(true)}
            onPause={() => {
              setPlaying(false);
              setBuffering(false);
              setMediaSessionState("paused");
              pauseSoundscape();
            }}
            onSeeking={pauseSoundscape}
            onSeeked={() => {
              if (media.current && !media.current.paused) startSoundscape();
            }}
            onWaiting={() => {
              setBuffering(true);
              pauseSoundscape();
            }}
            onVolumeChange={() => {
              const element = media.current!;
              setVolume(element.volume);
              setMuted(element.muted);
              const bed = soundscape.current;
              if (bed) {
                bed.volume = roundVolume(element.volume);
                bed.muted = element.muted;
              }
            }}
            onTimeUpdate={() => setPosition(media.current?.currentTime ?? 0)}
            onDurationChange={() => setDuration(Number.isFinite(media.current?.duration) ? media.current!.duration : 0)}
            onLoadedMetadata={() => setDuration(Number.isFinite(media.current?.duration) ? media.current!.duration : 0)}
            onEmptied={() => {
              setPlaying(false);
              setPosition(0);
            }}
            onEnded={() => {
              setPlaying(false);
              pauseSoundscape();
              session.onEnded();
              onEnded?.();
            }}
          />
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
          <audio ref={soundscape} data-testid="player-soundscape" loop preload="auto" aria-hidden="true" className={styles.hiddenMedia} />
        </div>

        <div className={styles.deck}>
          {caption && <p className={styles.caption}>{caption}</p>}
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
              onChange={(event) => {
                const element = media.current;
                if (!element) return;
                element.currentTime = Number(event.target.value);
                setPosition(element.currentTime);
              }}
            />
            <span className={styles.time}>
              <span className="visually-hidden">Remaining </span>
              {formatRemaining(position, duration)}
            </span>
          </div>

          <div className={styles.transport}>
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
              <button
                type="button"
                className={styles.mute}
                aria-label="Mute"
                aria-pressed={muted}
                onClick={() => {
                  if (media.current) media.current.muted = !media.current.muted;
                }}
              >
                <PlayerIcon name={muted || volume === 0 ? "muted" : "volume"} />
              </button>
              <DeckRange
                ref={volumeBar}
                max={1}
                step={0.05}
                value={muted ? 0 : volume}
                aria-label="Volume"
                aria-valuetext={`${Math.round((muted ? 0 : volume) * 100)}%`}
                onChange={(event) => {
                  const element = media.current;
                  if (!element) return;
                  const next = Number(event.target.value);
                  // The slider shows the new value at once; volumechange confirms it.
                  setVolume(next);
                  setMuted(false);
                  element.volume = next;
                  element.muted = false;
                }}
              />
            </div>
          </div>
        </div>
      </div>

      {/* A locked item has nothing to switch between until it is unlocked. */}
      {!locked && (
        <div className={styles.switches}>
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
          <SwitchGroup
            label="Voice"
            options={[
              { label: "Male", pressed: variant.voice === "male", state: variant.voice === "male" ? null : voice },
              { label: "Female", pressed: variant.voice === "female", state: variant.voice === "female" ? null : voice },
            ]}
            onSwitch={switchTo}
          />
        </div>
      )}
      {notice.element}
    </div>
  );
}
