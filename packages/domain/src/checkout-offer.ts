/**
 * A checkout's timed offer (spec 000 sections 2 and 9: the sales page's 4-hour countdown;
 * docs/decisions/030-honest-offers.md).
 *
 * The countdown is a promise, so it has to be true: the offer packages (lifetime at the promo price)
 * are offered to a person from their first visit to the checkout until `hours` later, and never again.
 *
 *   first visit ──► started_at ──(hours)──► ends_at ──► expired: offer packages neither listed nor sold
 *
 * - The clock is per person and per checkout: a member (kept on the server), a lead arriving from an
 *   e-mail (kept on the server) or a visitor (kept in the browser; the server cannot know a visitor).
 * - It starts once and never restarts: a reload, a second device or a later visit reads the same clock.
 * - A member's first visit may carry the start the browser kept while they were a visitor. It is taken
 *   only if it is in the past and not more than `hours` ago; otherwise the clock starts now. Taken or
 *   not, it can only make the deadline earlier, never later (a forged start cannot extend an offer).
 * - When one person has several clocks for a checkout (a member who arrived as a lead), the earliest
 *   start wins, for the same reason.
 * - Live means `started_at <= now < ends_at`: at the deadline itself the offer has ended.
 */
import { HOUR_MS } from "./time";

/** The demo checkouts' offer length (spec 000 section 9: the countdown starts at 04:00:00). */
export const OFFER_HOURS = 4;

export interface OfferClock {
  startedAt: Date;
  endsAt: Date;
}

/** When an offer of `hours` starting at `startedAt` ends. */
export function offerEndsAt(startedAt: Date, hours: number): Date {
  return new Date(startedAt.getTime() + Math.max(0, hours) * HOUR_MS);
}

/**
 * When a person's offer starts on their first visit at `now`: the earliest of `now` and the starts
 * offered by `earlier` (the browser's visitor start, a lead's clock) that are in the past (not after
 * `now`; a later one is not a start at all and is ignored). A start more than `hours` back counts
 * as `hours` back: that person's offer has already ended, so logging in never starts it again.
 */
export function offerStart(now: Date, hours: number, earlier: readonly (Date | null | undefined)[] = []): Date {
  const oldest = now.getTime() - Math.max(0, hours) * HOUR_MS;
  let start = now.getTime();
  for (const candidate of earlier) {
    if (!candidate || Number.isNaN(candidate.getTime())) continue;
    const at = candidate.getTime();
    if (at <= now.getTime()) start = Math.min(start, Math.max(at, oldest));
  }
  return new Date(start);
}

/** A new clock for a first visit at `now` (see `offerStart`). */
export function startOffer(now: Date, hours: number, earlier: readonly (Date | null | undefined)[] = []): OfferClock {
  const startedAt = offerStart(now, hours, earlier);
  return { startedAt, endsAt: offerEndsAt(startedAt, hours) };
}

/** The clock that holds when a person has several for one checkout: the earliest deadline wins. */
export function earliestOffer(clocks: readonly (OfferClock | null | undefined)[]): OfferClock | null {
  let found: OfferClock | null = null;
  for (const clock of clocks) {
    if (clock && (!found || clock.endsAt < found.endsAt)) found = clock;
  }
  return found;
}

/** Whether the offer runs at `now`: from its start (included) to its end (excluded). */
export function offerIsLive(clock: OfferClock | null, now: Date): boolean {
  return clock !== null && clock.startedAt.getTime() <= now.getTime() && now.getTime() < clock.endsAt.getTime();
}

/**
 * The packages a person sees on a checkout. `clock` is undefined for a visitor (the browser keeps
 * their deadline and hides the offer packages itself once it passes: all are listed), null for a
 * member or lead whose clock has not started (nothing offered), or their clock.
 */
export function visibleCheckoutPackages<T extends { offerOnly: boolean }>(
  packages: readonly T[],
  clock: OfferClock | null | undefined,
  now: Date,
): T[] {
  if (clock === undefined) return [...packages];
  const live = offerIsLive(clock, now);
  return packages.filter((pkg) => !pkg.offerOnly || live);
}

/** Why an offer package may not be sold, or null when it may. */
export type OfferRefusal = "no_checkout" | "not_started" | "ended";

/**
 * Whether an offer package may be sold: only through a checkout that carries it (`carried`), and
 * only while the buyer's clock for that checkout runs at `now`. A regular package is never refused here.
 */
export function offerRefusal(pkg: { offerOnly: boolean }, carried: boolean, clock: OfferClock | null, now: Date): OfferRefusal | null {
  if (!pkg.offerOnly) return null;
  if (!carried) return "no_checkout";
  if (!clock) return "not_started";
  return offerIsLive(clock, now) ? null : "ended";
}

/** Where the members' subscription offer takes its packages from (spec 000 section 3, placements). */
export type OfferPlace = "after_locked_content" | "after_trial_is_over";

/** What `offerPlace` needs to know of each of a member's subscriptions. */
export interface SubscriptionHistoryItem {
  startedAt: Date;
  /** It began with a free trial. */
  startedWithTrial: boolean;
  /** Money was ever taken for it (a paid period, a lifetime purchase). */
  charged: boolean;
  /** It gives access at the moment asked about. */
  entitled: boolean;
}

/**
 * `after_trial_is_over` when nothing gives the member access now and their latest subscription was a
 * free trial that ended without any charge (they tried and did not stay: the offer for them);
 * otherwise `after_locked_content`.
 */
export function offerPlace(history: readonly SubscriptionHistoryItem[]): OfferPlace {
  if (history.length === 0 || history.some((item) => item.entitled)) return "after_locked_content";
  const latest = history.reduce((a, b) => (b.startedAt > a.startedAt ? b : a));
  return latest.startedWithTrial && !latest.charged ? "after_trial_is_over" : "after_locked_content";
}
