import { useSyncExternalStore } from "react";
import { mixer, type MixerState } from "../lib/mixer-engine";

/** The Sounds mixer's state (its sounds, their volumes, playing or not). */
export function useMixer(): MixerState {
  return useSyncExternalStore(mixer.subscribe, mixer.getState, mixer.getState);
}
