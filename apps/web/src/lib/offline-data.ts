import { CATALOGUE_CACHE, DOWNLOADS_CACHE } from "@serene/domain";

/**
 * Removes everything kept for offline use on this device: every download and the kept catalogue
 * (decision 047). Called when the member logs out, their session ends (a 401) or a new session
 * starts. Safe where the browser has no Cache Storage.
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === "undefined") return;
  await Promise.all([caches.delete(DOWNLOADS_CACHE), caches.delete(CATALOGUE_CACHE)]).catch(() => undefined);
  offlineDataChanged();
}

const listeners = new Set<() => void>();
let version = 0;

/** Something kept offline changed: every list and button reads again. */
export function offlineDataChanged() {
  version += 1;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: a number that changes whenever a download is added or removed. */
export const offlineDataVersion = () => version;

export function onOfflineDataChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
