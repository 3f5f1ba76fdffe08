import {
  BED_UNDER_VOICE_LEVEL,
  bedLevelFor,
  bedVolume,
  fadeFactor,
  parseBedLevel,
  type ContentModel,
  type SleepTimerChoice,
} from "@serene/domain";
import { env } from "../../../lib/env";
import { whenSigningOut } from "../../../lib/session";
import { STORAGE_KEYS, storage } from "../../../lib/storage";
import { loadStream, type StreamHandle } from "./stream-loader";
import { ListeningLog } from "./listening-log";
import { PlaceKeeper } from "./place-keeper";

/**
 * The one audio engine of the members' area (decision 043). It owns the media element (a <video>, which plays
 * audio as well) and the soundscape bed under it, so sound goes on while the member moves between pages: the
 * player page lends the element a place on screen (attach), the mini-player shows what plays elsewhere. Pages
 * read its state with usePlayback (a store for useSyncExternalStore) and act through its methods.
 */

export interface Track {
  /** `${model}-${id}`: the entry that plays (a course's session has its own). */
  key: string;
  id: number;
  model: ContentModel;
  name: string;
  /** The session's name inside a course or playlist, shown above the seek bar. */
  caption?: string;
  cover: string;
  poster?: string;
  /** The player page this plays on: where the mini-player leads back to. */
  href: string;
  /** The stream (HLS playlist) of the chosen voice and format. */
  url: string;
  video: boolean;
  /** The bed that plays under it: the item's own, another the member chose, or none (decision 048). */
  soundscapeUrl: string | null;
  /** Music and soundscapes loop until stopped; sessions keep their place for next time. */
  loop: boolean;
  keepsPlace: boolean;
}

export interface PlaybackState {
  track: Track | null;
  /** Playback began at least once for this track (the mini-player shows only then). */
  started: boolean;
  playing: boolean;
  buffering: boolean;
  position: number;
  duration: number;
  volume: number;
  muted: boolean;
  /**
   * The soundscape's own level (a share of the voice's volume: BED_UNDER_VOICE_LEVEL until the member sets
   * theirs, kept on the device) and its own mute.
   */
  bedLevel: number;
  bedMuted: boolean;
  /** The sleep timer: its choice, and the seconds left (null while it waits for the item's length). */
  sleep: { choice: SleepTimerChoice; remaining: number | null } | null;
}

const IDLE: PlaybackState = {
  track: null,
  started: false,
  playing: false,
  buffering: false,
  position: 0,
  duration: 0,
  volume: 1,
  muted: false,
  sleep: null,
  bedLevel: BED_UNDER_VOICE_LEVEL,
  bedMuted: false,
};

/** How often the sleep timer looks at the clock (and steps the fade). */
const SLEEP_TICK_MS = 250;

type Listener = () => void;

const finite = (value: number) => (Number.isFinite(value) ? value : 0);

class PlaybackEngine {
  private state: PlaybackState = { ...IDLE, bedLevel: bedLevelFor(parseBedLevel(storage.get(STORAGE_KEYS.bedLevel))) };
  private listeners = new Set<Listener>();
  private element: HTMLVideoElement | null = null;
  private bedElement: HTMLAudioElement | null = null;
  private holder: HTMLElement | null = null;
  private stream: { handle: StreamHandle | null; controller: AbortController } | null = null;
  private bedStream: { handle: StreamHandle | null; controller: AbortController; url: string } | null = null;
  private ready = false;
  private playWhenReady = false;
  private startAt = 0;
  private seekingByEngine = false;
  private endedHandler: (() => void) | null = null;
  private readonly log = new ListeningLog();
  private readonly places = new PlaceKeeper();
  private sleepTimer: { choice: SleepTimerChoice; endsAt: number | null; tick: number } | null = null;
  /** The member's own volume, while the sleep timer's fade lowers the element's. */
  private memberVolume = 1;

  // The store.
  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = () => this.state;
  private set(patch: Partial<PlaybackState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The media element (created on first need, kept hidden in the page's body while no player shows it). */
  get media(): HTMLVideoElement {
    if (!this.element) this.create();
    return this.element!;
  }
  get bed(): HTMLAudioElement {
    if (!this.bedElement) this.create();
    return this.bedElement!;
  }

  private create() {
    const holder = document.createElement("div");
    holder.hidden = true;
    holder.dataset.playback = "";
    const media = document.createElement("video");
    media.dataset.testid = "player-media";
    media.playsInline = true;
    media.preload = "metadata";
    const bed = document.createElement("audio");
    bed.dataset.testid = "player-soundscape";
    bed.loop = true;
    bed.preload = "auto";
    bed.setAttribute("aria-hidden", "true");
    holder.append(media, bed);
    document.body.append(holder);
    this.holder = holder;
    this.element = media;
    this.bedElement = bed;
    this.listen(media);
    whenSigningOut(() => {
      this.close();
      // The level was this member's taste; the device forgets it with the rest of their storage.
      this.set({ bedLevel: BED_UNDER_VOICE_LEVEL, bedMuted: false });
    });
    window.addEventListener("pagehide", () => {
      this.log.end(true);
      this.saveplace(true);
    });
  }

  private listen(media: HTMLVideoElement) {
    const bed = () => this.bedElement!;
    const startBed = () => {
      if (this.bedStream && bed().paused)
        bed()
          .play()
          .catch(() => undefined);
    };
    media.addEventListener("playing", () => {
      this.set({ playing: true, buffering: false, started: true });
      setSessionState("playing");
      startBed();
      const track = this.state.track;
      if (track) this.log.playing(track);
    });
    media.addEventListener("play", () => this.set({ playing: true }));
    media.addEventListener("pause", () => {
      this.set({ playing: false, buffering: false });
      setSessionState("paused");
      bed().pause();
      this.log.stopped();
      this.saveplace(false);
    });
    media.addEventListener("seeking", () => bed().pause());
    media.addEventListener("seeked", () => {
      if (!media.paused) startBed();
      if (!this.seekingByEngine) this.saveplace(false);
      this.seekingByEngine = false;
    });
    media.addEventListener("waiting", () => {
      this.set({ buffering: true });
      bed().pause();
      this.log.stopped();
    });
    media.addEventListener("volumechange", () => {
      this.applyBedVolume();
      // The fade's steps are not the member's choice: the slider keeps showing theirs.
      if (this.fading) this.set({ muted: media.muted });
      else {
        this.memberVolume = media.volume;
        this.set({ volume: media.volume, muted: media.muted });
      }
    });
    media.addEventListener("timeupdate", () => {
      this.set({ position: finite(media.currentTime) });
      const track = this.state.track;
      if (track?.keepsPlace && !media.paused) this.places.tick(track.id, media.currentTime, this.state.duration);
    });
    const duration = () => this.set({ duration: finite(media.duration) });
    media.addEventListener("durationchange", duration);
    media.addEventListener("loadedmetadata", () => {
      duration();
      this.applyStart();
      // A play asked for before the place could be set goes ahead now, from the place.
      if (this.ready && this.playWhenReady) this.playFromPlace();
    });
    // A new stream: the place shown is where it will start.
    media.addEventListener("emptied", () => this.set({ playing: false, position: this.startAt }));
    media.addEventListener("ended", () => {
      this.set({ playing: false });
      bed().pause();
      const track = this.state.track;
      if (track?.keepsPlace) this.places.save(track.id, this.state.duration, this.state.duration, false);
      this.log.end(false);
      if (this.sleepTimer?.choice === "end") return this.setSleepTimer(null);
      this.endedHandler?.();
    });
  }

  /** Moves a stream that can seek to the place asked for before it was ready. */
  private applyStart() {
    const media = this.media;
    if (!(this.startAt > 0) || !this.ready || media.readyState < 1) return;
    this.seekingByEngine = true;
    media.currentTime = this.startAt;
    this.startAt = 0;
    this.set({ position: media.currentTime });
  }

  /**
   * Starts the element at the place asked for: its place is set before `play()`, so the first `playing`
   * is already there (decision 043 saw one run start at 0:00 and jump). Until the stream's metadata is
   * in, the element cannot take a place; the play then waits for `loadedmetadata`.
   */
  private playFromPlace() {
    const media = this.media;
    if (this.startAt > 0 && media.readyState < 1) {
      this.playWhenReady = true;
      this.set({ buffering: true });
      return;
    }
    this.playWhenReady = false;
    this.applyStart();
    media.play().catch((error: unknown) => console.warn("Playback did not start:", error));
  }

  private saveplace(keepalive: boolean) {
    const track = this.state.track;
    if (!track?.keepsPlace || !this.state.started || !this.element) return;
    this.places.save(track.id, finite(this.element.currentTime), this.state.duration, keepalive);
  }

  /**
   * Plays `track` (loads its stream unless it is already the one loaded). The same entry in another voice or
   * format keeps its place: the stream reloads there and the soundscape starts again (spec 001 section 4).
   * Another entry ends the current listening session first.
   */
  load(track: Track, options: { autoPlay?: boolean; startAt?: number; onEnded?: () => void } = {}) {
    const current = this.state.track;
    this.endedHandler = options.onEnded ?? (current?.key === track.key ? this.endedHandler : null);
    if (current && current.key === track.key && current.url === track.url) {
      this.set({ track: { ...current, ...track } });
      if (options.startAt !== undefined) this.seek(options.startAt);
      if (options.autoPlay) this.play();
      return;
    }
    const sameEntry = current?.key === track.key;
    const wasPlaying = Boolean(this.element && !this.element.paused);
    if (!sameEntry && current) {
      this.saveplace(false);
      this.log.end(false);
    }
    const media = this.media;
    this.startAt = options.startAt ?? (sameEntry ? finite(media.currentTime) : 0);
    this.playWhenReady = options.autoPlay ?? (sameEntry && wasPlaying);
    media.loop = track.loop && this.sleepTimer?.choice !== "end";
    this.set({
      track,
      started: sameEntry ? this.state.started : false,
      playing: false,
      buffering: this.playWhenReady,
      position: this.startAt,
      duration: sameEntry ? this.state.duration : 0,
    });
    setMetadata(track, this);
    this.openStream(track.url, this.startAt);
    this.openBed(track.soundscapeUrl, sameEntry);
  }

  private openStream(url: string, startPosition: number) {
    this.closeStream();
    const media = this.media;
    const controller = new AbortController();
    const opened: { handle: StreamHandle | null; controller: AbortController } = { handle: null, controller };
    this.stream = opened;
    this.ready = false;
    loadStream(media, url, controller.signal, { startPosition })
      .then((handle) => {
        if (!handle) return;
        opened.handle = handle;
        return handle.ready.then(() => {
          if (controller.signal.aborted) return;
          this.ready = true;
          this.applyStart();
          if (this.playWhenReady) this.playFromPlace();
        });
      })
      .catch((error: unknown) => console.error("The stream could not be loaded:", error));
  }

  private closeStream() {
    if (!this.stream) return;
    this.stream.controller.abort();
    this.stream.handle?.destroy();
    this.stream = null;
    this.ready = false;
  }

  private openBed(url: string | null, restart: boolean) {
    const bed = this.bed;
    // Every bed starts at the member's level under the voice (BED_UNDER_VOICE_LEVEL until they set one).
    this.applyBedVolume();
    if (this.bedStream && this.bedStream.url === url) {
      // A new stream of the same entry: the soundscape starts again from the beginning with it.
      if (restart) {
        bed.pause();
        if (bed.readyState > 0) bed.currentTime = 0;
      }
      return;
    }
    this.closeBed();
    if (!url) return;
    const controller = new AbortController();
    const opened: NonNullable<PlaybackEngine["bedStream"]> = { handle: null, controller, url };
    this.bedStream = opened;
    loadStream(bed, url, controller.signal)
      .then((handle) => {
        opened.handle = handle;
        if (handle && this.element && !this.element.paused) bed.play().catch(() => undefined);
      })
      .catch((error: unknown) => console.error("The soundscape could not be loaded:", error));
  }

  private closeBed() {
    if (!this.bedStream) return;
    this.bedStream.controller.abort();
    this.bedStream.handle?.destroy();
    this.bedStream = null;
    this.bedElement?.pause();
  }

  play() {
    if (!this.state.track) return;
    if (!this.ready) {
      this.playWhenReady = true;
      this.set({ buffering: true });
      return;
    }
    this.playFromPlace();
  }

  pause() {
    this.playWhenReady = false;
    this.element?.pause();
  }

  toggle() {
    if (this.state.playing || this.playWhenReady) this.pause();
    else this.play();
  }

  seek(seconds: number) {
    if (!this.ready || this.media.readyState < 1) {
      this.startAt = Math.max(0, seconds);
      this.set({ position: this.startAt });
      return;
    }
    this.media.currentTime = Math.max(0, seconds);
    this.set({ position: this.media.currentTime });
  }

  setVolume(volume: number) {
    const media = this.media;
    this.memberVolume = volume;
    this.set({ volume, muted: false });
    media.volume = this.fading ? volume * this.fadeShare : volume;
    media.muted = false;
  }

  private fading = false;
  private fadeShare = 1;

  /**
   * Starts (or changes, or with null stops) the sleep timer: the sound fades over its last 30 seconds and
   * stops. "end" waits for the end of what plays; a loop then plays out its round and stops.
   */
  setSleepTimer(choice: SleepTimerChoice | null) {
    if (this.sleepTimer) window.clearInterval(this.sleepTimer.tick);
    this.sleepTimer = null;
    this.restoreVolume();
    if (this.element) this.element.loop = Boolean(this.state.track?.loop);
    if (choice === null) return this.set({ sleep: null });
    const endsAt = choice === "end" ? null : Date.now() + choice * 60_000;
    if (choice === "end" && this.element) this.element.loop = false;
    this.sleepTimer = { choice, endsAt, tick: window.setInterval(() => this.sleepTick(), SLEEP_TICK_MS) };
    this.sleepTick();
  }

  private sleepTick() {
    const timer = this.sleepTimer;
    if (!timer) return;
    const media = this.media;
    const remaining =
      timer.endsAt !== null
        ? (timer.endsAt - Date.now()) / 1000
        : this.state.duration > 0
          ? this.state.duration - finite(media.currentTime)
          : null;
    this.set({ sleep: { choice: timer.choice, remaining: remaining === null ? null : Math.max(0, remaining) } });
    if (remaining === null) return;
    if (remaining <= 0) {
      this.pause();
      this.setSleepTimer(null);
      return;
    }
    const share = fadeFactor(remaining);
    if (share < 1) {
      this.fading = true;
      this.fadeShare = share;
      media.volume = this.memberVolume * share;
    } else if (this.fading) this.restoreVolume();
  }

  private restoreVolume() {
    if (!this.fading) return;
    this.fading = false;
    this.fadeShare = 1;
    if (this.element) this.element.volume = this.memberVolume;
  }

  /**
   * The soundscape under a session, louder or softer than the voice: its volume is the voice's times this
   * level, rounded to 2 decimals as spec 001 section 4 has it (at the full level it mirrors the voice). The
   * member's level is kept on the device and every bed starts at it.
   */
  setBedLevel(level: number) {
    const bedLevel = bedLevelFor(level);
    this.set({ bedLevel, bedMuted: false });
    storage.set(STORAGE_KEYS.bedLevel, String(bedLevel));
    this.applyBedVolume();
  }

  /**
   * Another bed under what plays, or none (decision 048). Only the bed's stream changes: the voice is not
   * touched, so it never pauses or stalls; the new bed starts at the member's level once it can play.
   */
  setBed(url: string | null) {
    const track = this.state.track;
    if (!track || track.soundscapeUrl === url) return;
    this.set({ track: { ...track, soundscapeUrl: url } });
    this.openBed(url, false);
  }

  toggleBedMute() {
    this.set({ bedMuted: !this.state.bedMuted });
    this.applyBedVolume();
  }

  private applyBedVolume() {
    if (!this.element || !this.bedElement) return;
    this.bedElement.volume = bedVolume(this.element.volume, this.state.bedLevel);
    this.bedElement.muted = this.element.muted || this.state.bedMuted;
  }

  toggleMute() {
    this.media.muted = !this.media.muted;
  }

  /** Stops and forgets the track (the mini-player's close, logging out): the session is reported, the place kept. */
  close() {
    if (!this.state.track) return;
    this.saveplace(false);
    this.log.end(false);
    this.element?.pause();
    this.closeStream();
    this.closeBed();
    this.endedHandler = null;
    this.setSleepTimer(null);
    this.log.forget();
    this.set({ ...IDLE, volume: this.state.volume, muted: this.state.muted, bedLevel: this.state.bedLevel, bedMuted: this.state.bedMuted });
    clearMetadata();
  }

  /** Shows the media element in `slot` (the player page's screen); it keeps playing while it moves. */
  attach(slot: HTMLElement, className: string) {
    const media = this.media;
    media.className = className;
    if (media.parentElement !== slot) slot.prepend(media);
  }

  /** Gives the media element back to the hidden holder when the player page goes. */
  detach(slot: HTMLElement) {
    if (this.element && this.holder && this.element.parentElement === slot) {
      this.element.className = "";
      this.holder.prepend(this.element);
    }
  }
}

const hasMediaSession = () => typeof navigator !== "undefined" && "mediaSession" in navigator && typeof MediaMetadata !== "undefined";

function setSessionState(state: MediaSessionPlaybackState) {
  if (hasMediaSession()) navigator.mediaSession.playbackState = state;
}

/** The browser's and the phone's own controls: title, product name, cover, and play/pause/skip. */
function setMetadata(track: Track, engine: PlaybackEngine) {
  if (!hasMediaSession()) return;
  const artwork = track.cover ? new URL(track.cover, window.location.href).href : null;
  navigator.mediaSession.metadata = new MediaMetadata({
    title: track.caption ?? track.name,
    artist: env.appName,
    artwork: artwork ? [{ src: artwork, sizes: "512x512", type: artwork.endsWith(".svg") ? "image/svg+xml" : undefined }] : [],
  });
  const handlers: [MediaSessionAction, () => void][] = [
    ["play", () => engine.play()],
    ["pause", () => engine.pause()],
    ["seekbackward", () => engine.seek(engine.media.currentTime - 10)],
    ["seekforward", () => engine.seek(engine.media.currentTime + 10)],
    ["stop", () => engine.close()],
  ];
  for (const [action, handler] of handlers) {
    try {
      navigator.mediaSession.setActionHandler(action, handler);
    } catch {
      // An action this browser does not know.
    }
  }
}

function clearMetadata() {
  if (hasMediaSession()) navigator.mediaSession.metadata = null;
}

/** The engine: one per page load. */
export const playback = new PlaybackEngine();
export type { PlaybackEngine };
