import { placeKeys } from "../../../lib/catalogue-keys";
import { savePlace } from "../api/save-place";
import { queryClient } from "../../../lib/query-client";

/** While an entry plays, its place is saved at most this often (and on pause, seek, end and leaving). */
export const PLACE_SAVE_MS = 15_000;

/**
 * Saves the member's place in an entry through PUT /user/positions/{id} (decision 043), quietly: a place
 * that does not reach the server only means starting a little earlier next time.
 */
export class PlaceKeeper {
  private lastSaved = 0;

  tick(id: number, position: number, duration: number) {
    if (Date.now() - this.lastSaved >= PLACE_SAVE_MS) this.save(id, position, duration, false);
  }

  save(id: number, position: number, duration: number, keepalive: boolean) {
    if (!(duration >= 1) || !Number.isFinite(position)) return;
    this.lastSaved = Date.now();
    const body = { position: Math.min(Math.max(0, position), duration), duration };
    savePlace(id, body, keepalive)
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: placeKeys.all, refetchType: "none" });
      })
      .catch((error: unknown) => console.warn("The place was not saved:", error instanceof Error ? error.message : error));
  }
}
