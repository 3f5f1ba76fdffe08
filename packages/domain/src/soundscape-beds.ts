/**
 * Which soundscape (the bed) plays under a session (decision 048). The member may keep the item's own bed,
 * take one of the other ambient beds of the media pack instead, or have none. The choice is kept per item on
 * the device; these rules say what is offered, what plays, and what is remembered.
 */

/** The ambient beds of the media pack (`free/ambient/<id>`), in the order they are offered. */
export const AMBIENT_BEDS = [
  { id: "rain", name: "Rain" },
  { id: "ocean", name: "Ocean" },
  { id: "forest", name: "Forest" },
  { id: "brown-noise", name: "Brown noise" },
  { id: "night", name: "Night" },
] as const;

export type AmbientBedId = (typeof AMBIENT_BEDS)[number]["id"];

/** "own": the item's own bed; an ambient bed by its id; or "none". */
export type BedChoice = "own" | AmbientBedId | "none";

export interface BedOption {
  choice: BedChoice;
  label: string;
}

/** How many items' choices the device keeps (the latest chosen); older ones go back to their own bed. */
export const BED_CHOICES_KEPT = 100;

const AMBIENT_PATH = /\/free\/ambient\/([a-z-]+)\/index\.m3u8(?=$|[?#])/;

const isAmbient = (id: string): id is AmbientBedId => AMBIENT_BEDS.some((bed) => bed.id === id);

/** Which ambient bed a stream's address plays (…/free/ambient/<id>/index.m3u8), or null for any other address. */
export function ambientBedOf(url: string | null | undefined): AmbientBedId | null {
  const id = url ? AMBIENT_PATH.exec(url)?.[1] : undefined;
  return id && isAmbient(id) ? id : null;
}

/**
 * The choices under an item whose own bed plays from `ownUrl`: its own first, then the other ambient beds, then
 * None. An own bed outside the ambient beds (another address) offers itself and None only; no own bed, nothing.
 */
export function bedOptions(ownUrl: string | null | undefined): BedOption[] {
  if (!ownUrl) return [];
  const own = ambientBedOf(ownUrl);
  const ownName = AMBIENT_BEDS.find((bed) => bed.id === own)?.name;
  const options: BedOption[] = [{ choice: "own", label: ownName ? `${ownName} (its own)` : "Its own" }];
  if (own) for (const bed of AMBIENT_BEDS) if (bed.id !== own) options.push({ choice: bed.id, label: bed.name });
  options.push({ choice: "none", label: "None" });
  return options;
}

/** The choice in force: the one remembered when it is still offered under this bed, otherwise the item's own. */
export function chosenBed(ownUrl: string | null | undefined, remembered: unknown): BedChoice {
  const offered = bedOptions(ownUrl);
  return offered.find((option) => option.choice === remembered)?.choice ?? "own";
}

/** The address of the bed to play for `choice` under an item whose own bed is `ownUrl`, or null for none. */
export function bedUrl(ownUrl: string | null | undefined, choice: BedChoice): string | null {
  if (!ownUrl || choice === "none") return null;
  if (choice === "own" || !ambientBedOf(ownUrl)) return ownUrl;
  return ownUrl.replace(AMBIENT_PATH, `/free/ambient/${choice}/index.m3u8`);
}

/**
 * The device's choices after the member chose `choice` for `item`: the item's own bed is the default and is not
 * kept; the others are kept latest last, at most `limit` items (the oldest choices go first). Anything in
 * `kept` that is not a choice is dropped.
 */
export function keepBedChoice(kept: unknown, item: string, choice: BedChoice, limit: number = BED_CHOICES_KEPT): Record<string, BedChoice> {
  const entries = readBedChoices(kept).filter(([key]) => key !== item);
  if (choice !== "own") entries.push([item, choice]);
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - limit)));
}

/** The choices kept on the device, read back from whatever was stored: only item keys with a real choice. */
export function readBedChoices(kept: unknown): [string, BedChoice][] {
  if (!kept || typeof kept !== "object" || Array.isArray(kept)) return [];
  return Object.entries(kept as Record<string, unknown>).filter(
    (entry): entry is [string, BedChoice] => entry[1] === "none" || (typeof entry[1] === "string" && isAmbient(entry[1])),
  );
}
