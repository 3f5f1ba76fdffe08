import { keepsPosition, playsOnLoop } from "@serene/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { openSubscriptionOffer } from "../../../../lib/buying/subscription-offer";
import type { ContentRef } from "../../api/activity";
import { forgetPlace, usePlace } from "../../api/places";
import { usePlayback } from "../../hooks/use-playback";
import { bedFor } from "../../lib/bed-choices";
import { playback, type Track } from "../../lib/playback";
import { skipTarget } from "../../lib/time";
import { availableVariants, initialVariant, isMusicStreams, urlOf, type Streams, type Variant } from "../../lib/variants";

const URL_MISSING = "Url does not exist";

export interface Playable extends Streams, ContentRef {
  name: string;
  cover: string;
  poster?: string;
  free: boolean;
  soundscape: { main_format: Streams["audio"] } | null;
}

export interface StageEntry {
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

/** The variant whose stream the engine plays, when it plays this entry. */
function variantPlaying(playable: Playable, music: boolean, url: string | undefined): Variant | null {
  return availableVariants(playable, music).find((variant) => urlOf(playable, variant) === url) ?? null;
}

/**
 * One entry on the members' area's one audio engine (decision 043): which variant plays, loading it when the page
 * opens, the place to continue from, and what Play, Pause, the skips and the switches do. The engine's state is read
 * as this entry's only while the engine plays it (`mine`); otherwise the stage shows it at rest.
 */
export function useStageEngine(
  { playable, musicModel, locked, autoPlay = false, caption, onEnded }: StageEntry,
  notify: (text: string) => void,
) {
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

  const playing = mine && engine.playing;
  const buffering = mine && engine.buffering;
  const position = mine ? engine.position : 0;
  const duration = mine ? engine.duration : 0;

  const play = useCallback(
    (from?: number) => {
      if (locked) return openSubscriptionOffer("locked");
      const track = trackOf(variant);
      if (!track) return notify(URL_MISSING);
      if (playback.getState().track?.key === key) {
        if (from !== undefined) playback.seek(from);
        return playback.play();
      }
      playback.load(track, { autoPlay: true, startAt: from ?? resumeFrom ?? 0, ...handlers });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locked, trackOf, variant, notify, key, resumeFrom],
  );
  const toggle = () => (playing || buffering ? playback.pause() : play());
  const startAgain = () => {
    if (keepsPlace) forgetPlace(playable.id);
    play(0);
  };
  const skip = (delta: number) => {
    if (mine) playback.seek(skipTarget(playback.media.currentTime, delta, duration));
  };
  /** To a moment of this entry: the engine seeks when it plays it, else starts it there. */
  const seekTo = (at: number) => {
    if (mine) playback.seek(at);
    else play(at);
  };
  const switchTo = (target: Variant) => {
    setVariant(target);
    const track = trackOf(target);
    // The same entry in another voice or format: the engine keeps its place and its playing or not.
    if (track && playback.getState().track?.key === key) playback.load(track, handlers);
  };

  return {
    key,
    mine,
    music,
    variant,
    url,
    ownBed,
    /** The picture shows: a video variant of this entry, playing on the engine. */
    showVideo: !locked && variant.format === "video" && url !== null && mine,
    playing,
    buffering,
    position,
    duration,
    volume: engine.volume,
    muted: engine.muted,
    resumeFrom,
    /** 'You stopped at…' shows until this entry starts. */
    offerToContinue: resumeFrom !== null && !(mine && engine.started) && !autoPlay,
    play,
    toggle,
    startAgain,
    skip,
    seekTo,
    switchTo,
  };
}

export type StageEngine = ReturnType<typeof useStageEngine>;
