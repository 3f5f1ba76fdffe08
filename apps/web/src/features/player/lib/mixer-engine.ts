import { MIXER_MAX_LAYERS } from "@serene/domain";
import { whenSigningOut } from "../../../lib/session";
import { playback } from "./playback";
import { loadStream, type StreamHandle } from "./stream-loader";
import { roundVolume } from "./volume";

/**
 * The Sounds mixer's player (decisions 044 and 048): up to three soundscapes looping together, each at its own
 * volume, going on across the members' pages (the mini-player shows it) until the member pauses or closes it.
 * One sound at a time in the members' area: starting the mix pauses the player, and the player starting
 * pauses the mix. Whichever started last is in front in the mini-player; closing it brings back the other,
 * paused. Logging out stops and empties the mix.
 */
export interface MixerLayer {
  id: number;
  name: string;
  cover: string;
  url: string;
  volume: number;
}

export interface MixerState {
  layers: MixerLayer[];
  playing: boolean;
  /** The mix was played since its sounds were chosen: it stays when the member leaves the Sounds page. */
  started: boolean;
  /** The mix started after the player last did: the mini-player shows the mix rather than the session. */
  front: boolean;
}

const EMPTY: MixerState = { layers: [], playing: false, started: false, front: false };

type Listener = () => void;

class MixerEngine {
  private state: MixerState = EMPTY;
  private listeners = new Set<Listener>();
  private players = new Map<number, { element: HTMLAudioElement; handle: StreamHandle | null; controller: AbortController }>();

  constructor() {
    // The player starting pauses the mix. Only a start counts: the player's own pause (asked for by play())
    // arrives a moment later, and a state still "playing" until then must not pause the mix just begun.
    let playerPlaying = playback.getState().playing;
    playback.subscribe(() => {
      const now = playback.getState().playing;
      const started = now && !playerPlaying;
      playerPlaying = now;
      if (!started) return;
      if (this.state.playing) this.stop();
      if (this.state.front) this.set({ front: false });
    });
    whenSigningOut(() => this.clear());
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = () => this.state;
  private set(patch: Partial<MixerState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Puts these sounds in the mix (replacing it), keeping each one that stays where it is. */
  setLayers(layers: MixerLayer[]) {
    const next = layers.slice(0, MIXER_MAX_LAYERS);
    for (const [id] of this.players) if (!next.some((layer) => layer.id === id)) this.drop(id);
    this.set({ layers: next });
    for (const layer of next) this.volumeOf(layer);
    if (this.state.playing) for (const layer of next) this.start(layer);
  }

  add(layer: MixerLayer) {
    if (this.state.layers.some((existing) => existing.id === layer.id) || this.state.layers.length >= MIXER_MAX_LAYERS) return;
    this.setLayers([...this.state.layers, layer]);
  }

  remove(id: number) {
    this.setLayers(this.state.layers.filter((layer) => layer.id !== id));
    if (this.state.layers.length === 0) this.set({ playing: false, started: false, front: false });
  }

  setVolume(id: number, volume: number) {
    this.set({ layers: this.state.layers.map((layer) => (layer.id === id ? { ...layer, volume } : layer)) });
    const layer = this.state.layers.find((candidate) => candidate.id === id);
    if (layer) this.volumeOf(layer);
  }

  play() {
    if (this.state.layers.length === 0) return;
    playback.pause();
    this.set({ playing: true, started: true, front: true });
    for (const layer of this.state.layers) this.start(layer);
  }

  stop() {
    for (const { element } of this.players.values()) element.pause();
    this.set({ playing: false });
  }

  /** Stops and empties the mix (closing it, logging out, or leaving the Sounds page before it ever played). */
  clear() {
    for (const id of [...this.players.keys()]) this.drop(id);
    this.set(EMPTY);
  }

  private playerOf(layer: MixerLayer) {
    let player = this.players.get(layer.id);
    if (!player) {
      const element = document.createElement("audio");
      element.loop = true;
      element.preload = "auto";
      element.dataset.testid = "mixer-layer";
      element.dataset.id = String(layer.id);
      element.hidden = true;
      document.body.append(element);
      const controller = new AbortController();
      player = { element, handle: null, controller };
      this.players.set(layer.id, player);
      const opened = player;
      loadStream(element, layer.url, controller.signal)
        .then((handle) => {
          opened.handle = handle;
          if (handle && this.state.playing) element.play().catch(() => undefined);
        })
        .catch((error: unknown) => console.error("A sound of the mix could not be loaded:", error));
    }
    return player;
  }

  private start(layer: MixerLayer) {
    const { element, handle } = this.playerOf(layer);
    if (handle && element.paused) element.play().catch(() => undefined);
  }

  private volumeOf(layer: MixerLayer) {
    this.playerOf(layer).element.volume = roundVolume(layer.volume);
  }

  private drop(id: number) {
    const player = this.players.get(id);
    if (!player) return;
    player.controller.abort();
    player.element.pause();
    player.handle?.destroy();
    player.element.remove();
    this.players.delete(id);
  }
}

export const mixer = new MixerEngine();
