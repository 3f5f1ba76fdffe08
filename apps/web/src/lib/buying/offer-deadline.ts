import { offerClockToKeep, personOfferClock, toUtcSecond, type KeptOfferClock } from "@serene/domain";
import { storage, STORAGE_KEYS } from "../storage";

/**
 * A visitor's offer clock, kept in this browser (docs/decisions/030-honest-offers.md): started on the
 * first visit, ending the offer's hours later, kept across reloads and log-outs and never moved. Like the
 * server's clock for a member or a lead (decision 051), it is one clock per offer package: a checkout
 * offering packages this browser already has a clock for keeps a copy of that clock, never a fresh one.
 * Kept per checkout id with the offer packages it was kept for (entries kept before that carry none and
 * count for their own checkout).
 */

interface StoredClock {
  started_at: string;
  ends_at: string;
  /** The offer packages of the checkout the clock was kept for. */
  packages?: number[];
}

function readAll(): Record<string, StoredClock> {
  try {
    const value = JSON.parse(storage.get(STORAGE_KEYS.offerDeadlines) ?? "null") as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, StoredClock>) : {};
  } catch {
    return {};
  }
}

const readable = (clock: StoredClock | undefined): clock is StoredClock =>
  typeof clock?.started_at === "string" &&
  typeof clock.ends_at === "string" &&
  Number.isFinite(Date.parse(clock.started_at)) &&
  Number.isFinite(Date.parse(clock.ends_at));

/** This browser's clock for a checkout, if it has a readable one. */
export function storedOfferClock(checkoutId: number | string): StoredClock | null {
  const clock = readAll()[String(checkoutId)];
  return readable(clock) ? clock : null;
}

/** The browser's clocks as the domain's rules read them; an entry without packages counts for its own checkout. */
function keptClocks(all: Record<string, StoredClock>, checkoutId: string, offerPackageIds: readonly number[]): KeptOfferClock[] {
  return Object.entries(all).flatMap(([id, clock]) => {
    if (!readable(clock)) return [];
    const packages = Array.isArray(clock.packages) ? clock.packages.filter((item) => Number.isInteger(item)) : [];
    return [
      {
        checkoutId: Number(id),
        offerPackageIds: id === checkoutId ? [...new Set([...packages, ...offerPackageIds])] : packages,
        own: true,
        startedAt: new Date(clock.started_at),
        endsAt: new Date(clock.ends_at),
      },
    ];
  });
}

/**
 * The visitor's deadline for a checkout (ms): the earliest of this browser's clocks for the checkout's offer
 * packages, kept for this checkout too; on the browser's first visit to any page offering them, a clock
 * started now.
 */
export function visitorDeadline(
  checkoutId: number | string,
  hours: number,
  offerPackageIds: readonly number[] = [],
  nowMs = Date.now(),
): number {
  const id = String(checkoutId);
  const all = readAll();
  const clocks = keptClocks(all, id, offerPackageIds);
  const keep = offerClockToKeep({ checkoutId: Number(id), offerPackageIds, hours, now: new Date(nowMs) }, clocks);
  if (keep) {
    const stored: StoredClock = {
      started_at: toUtcSecond(keep.startedAt),
      ends_at: keep.endsAt.toISOString(),
      packages: [...offerPackageIds],
    };
    storage.set(STORAGE_KEYS.offerDeadlines, JSON.stringify({ ...all, [id]: stored }));
    clocks.push({ checkoutId: Number(id), offerPackageIds, own: true, startedAt: keep.startedAt, endsAt: keep.endsAt });
  }
  // This checkout's own entry counts for its packages, so there is always a clock here once kept.
  const clock = personOfferClock(offerPackageIds, clocks) ?? clocks.find((kept) => String(kept.checkoutId) === id);
  return clock ? clock.endsAt.getTime() : nowMs;
}

/** When this browser's visitor offer started, if it has one: a member's GET /user/checkout/{id} sends it as `started_at`. */
export const visitorStartedAt = (checkoutId: number | string): string | null => storedOfferClock(checkoutId)?.started_at ?? null;
