import { useSyncExternalStore } from "react";
import { playback, type PlaybackState } from "../lib/playback";

/** The audio engine's state, for a component that shows it (the player's deck, the mini-player). */
export function usePlayback(): PlaybackState {
  return useSyncExternalStore(playback.subscribe, playback.getState, playback.getState);
}
