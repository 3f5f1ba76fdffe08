import { toUtcSecond, visitorOfferDeadline } from "@serene/domain";
import { storage, STORAGE_KEYS } from "./storage";

/**
 * A visitor's offer clock per checkout, kept in this browser (docs/decisions/030-honest-offers.md):
 * started on the first visit, ending the offer's hours later, kept across reloads and log-outs and
 * never moved. A member's or a lead's clock is the server's instead.
 */

interface StoredClock {
  started_at: string;
  ends_at: string;
}

function readAll(): Record<string, StoredClock> {
  try {
    const value = JSON.parse(storage.get(STORAGE_KEYS.offerDeadlines) ?? "null") as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, StoredClock>) : {};
  } catch {
    return {};
  }
}

/** This browser's clock for a checkout, if it has a readable one. */
export function storedOfferClock(checkoutId: number | string): StoredClock | null {
  const clock = readAll()[String(checkoutId)];
  return typeof clock?.started_at === "string" && typeof clock.ends_at === "string" ? clock : null;
}

/** The visitor's deadline for a checkout (ms), starting the offer's clock now on their first visit. */
export function visitorDeadline(checkoutId: number | string, hours: number, nowMs = Date.now()): number {
  const { deadlineMs, store } = visitorOfferDeadline(storedOfferClock(checkoutId)?.ends_at ?? null, nowMs, hours);
  if (store) {
    const clock: StoredClock = { started_at: toUtcSecond(new Date(nowMs)), ends_at: new Date(deadlineMs).toISOString() };
    storage.set(STORAGE_KEYS.offerDeadlines, JSON.stringify({ ...readAll(), [String(checkoutId)]: clock }));
  }
  return deadlineMs;
}

/** When this browser's visitor offer started, if it has one: a member's GET /user/checkout/{id} sends it as `started_at`. */
export const visitorStartedAt = (checkoutId: number | string): string | null => storedOfferClock(checkoutId)?.started_at ?? null;
