import { toUtcSecond, visitorOfferDeadline } from "@serene/domain";
import { storage } from "./storage";

/**
 * A visitor's offer clock per checkout, kept in this browser (docs/decisions/030-honest-offers.md):
 * started on the first visit, ending the offer's hours later, kept across reloads and never moved.
 * A member's or a lead's clock is the server's instead.
 */
export const offerDeadlineKey = (checkoutId: number | string) => `offer-deadline:${checkoutId}`;

interface StoredClock {
  started_at: string;
  ends_at: string;
}

function read(checkoutId: number | string): StoredClock | null {
  try {
    const value = JSON.parse(storage.get(offerDeadlineKey(checkoutId)) ?? "null") as Partial<StoredClock> | null;
    return typeof value?.started_at === "string" && typeof value.ends_at === "string" ? (value as StoredClock) : null;
  } catch {
    return null;
  }
}

/** The visitor's deadline for a checkout (ms), starting the offer's clock now on their first visit. */
export function visitorDeadline(checkoutId: number | string, hours: number, nowMs = Date.now()): number {
  const { deadlineMs, store } = visitorOfferDeadline(read(checkoutId)?.ends_at ?? null, nowMs, hours);
  if (store) {
    const clock: StoredClock = { started_at: toUtcSecond(new Date(nowMs)), ends_at: new Date(deadlineMs).toISOString() };
    storage.set(offerDeadlineKey(checkoutId), JSON.stringify(clock));
  }
  return deadlineMs;
}

/** When this browser's visitor offer started, if it has one: a member's GET /user/checkout/{id} sends it as `started_at`. */
export const visitorStartedAt = (checkoutId: number | string): string | null => read(checkoutId)?.started_at ?? null;
