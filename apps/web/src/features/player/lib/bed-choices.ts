import { bedUrl, chosenBed, keepBedChoice, type BedChoice } from "@serene/domain";
import { STORAGE_KEYS, storage } from "../../../lib/storage";

/**
 * The soundscape chosen under each item, kept on this device (decision 048; the rules are in
 * packages/domain/src/soundscape-beds.ts). `item` is the entry's key, `${model}-${id}`.
 */
function readKept(): unknown {
  const raw = storage.get(STORAGE_KEYS.bedChoices);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** The choice in force under `item`, whose own bed plays from `ownUrl`. */
export function rememberedBed(item: string, ownUrl: string | null): BedChoice {
  const kept = readKept();
  const remembered = kept && typeof kept === "object" ? (kept as Record<string, unknown>)[item] : undefined;
  return chosenBed(ownUrl, remembered);
}

/** Keeps the member's choice under `item` (the item's own bed is the default and is not kept). */
export function rememberBed(item: string, choice: BedChoice) {
  storage.set(STORAGE_KEYS.bedChoices, JSON.stringify(keepBedChoice(readKept(), item, choice)));
}

/** The bed to play under `item`: the one the member chose there, or its own. */
export const bedFor = (item: string, ownUrl: string | null): string | null => bedUrl(ownUrl, rememberedBed(item, ownUrl));
