import { shouldWelcome, welcomeFlagValue } from "@serene/domain";
import { storage, STORAGE_KEYS } from "../storage";

/**
 * The welcome after an in-app purchase (decision 049): the paywall and the subscription offer leave
 * a flag on the device, and the page the member lands on shows the welcome card once.
 */
export function markWelcomeDue(now = new Date()) {
  storage.set(STORAGE_KEYS.welcomeDue, welcomeFlagValue(now));
}

/** Whether the page being opened welcomes the member (reading changes nothing; see clearWelcome). */
export const welcomeDue = (now = new Date()): boolean => shouldWelcome(storage.get(STORAGE_KEYS.welcomeDue), now);

/** The page that read the flag removes it, shown or not, so a reload or the next page shows nothing. */
export const clearWelcome = () => storage.remove(STORAGE_KEYS.welcomeDue);
