/**
 * A checkout's timed offer (spec 000 sections 2 and 9: the sales page's 4-hour countdown;
 * docs/decisions/030-honest-offers.md).
 *
 * The countdown is a promise, so it has to be true: the offer packages (lifetime at the promo price)
 * are offered to a person from their first visit to a checkout offering them until `hours` later, and
 * never again, on any checkout.
 *
 *   first visit ──► started_at ──(hours)──► ends_at ──► expired: offer packages neither listed nor sold
 *
 * - The clock is per person and per offer package (docs/decisions/051-one-offer-clock-per-person.md):
 *   a member together with their e-mail address's leads, or a lead together with the other leads and the
 *   member of its address, has one deadline for a promo package, whichever checkout or route offers it
 *   (kept on the server); a visitor's is kept in the browser (the server cannot know a visitor).
 * - It starts once and never restarts: a reload, a second device, another checkout, another route or a new
 *   lead for the same address reads the same clock (`personOfferClock`, `offerClockToKeep`).
 * - A member's first visit may carry the start the browser kept while they were a visitor. It is taken
 *   only if it is in the past and not more than `hours` ago; otherwise the clock starts now. Taken or
 *   not, it can only make the deadline earlier, never later (a forged start cannot extend an offer).
 * - When one person has several clocks for the same packages (a member who arrived as a lead, two leads of
 *   one address, two first visits at once), the earliest deadline wins, for the same reason.
 * - Live means `started_at <= now < ends_at`: at the deadline itself the offer has ended.
 */
import { HOUR_MS } from "./time.ts";

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

/** The clock that holds when a person has several for the same offer: the earliest deadline wins. */
export function earliestOffer(clocks: readonly (OfferClock | null | undefined)[]): OfferClock | null {
  let found: OfferClock | null = null;
  for (const clock of clocks) {
    if (clock && (!found || clock.endsAt < found.endsAt)) found = clock;
  }
  return found;
}

/**
 * One clock a person has kept on the server, as the rules below read it: the checkout it was kept for, the
 * offer packages that checkout carries, and whether it is the viewing identity's own (the member's, or
 * this lead's) rather than another identity of the same person (a lead of the member's address, the
 * member of the lead's address, another lead of that address).
 */
export interface KeptOfferClock extends OfferClock {
  checkoutId: number;
  offerPackageIds: readonly number[];
  own: boolean;
}

/**
 * The one clock a person has for a set of offer packages (decision 051): the earliest deadline among all
 * the person's kept clocks, of any of their identities, on every checkout that carries any of these
 * packages. Null when none has started (the person has not opened a page offering them). A checkout's
 * page and a purchase through it ask with the checkout's offer packages, so what the page counts down to
 * is what the purchase is held to, and a deadline that has passed on one checkout has passed on all.
 */
export function personOfferClock(offerPackageIds: readonly number[], clocks: readonly KeptOfferClock[]): OfferClock | null {
  const wanted = new Set(offerPackageIds);
  const found = earliestOffer(clocks.filter((clock) => clock.offerPackageIds.some((id) => wanted.has(id))));
  return found && { startedAt: found.startedAt, endsAt: found.endsAt };
}

/** The offer packages among a checkout's packages: the packages its countdown is the person's clock for. */
export function offerPackageIds(packages: readonly { id: number; offerOnly: boolean }[]): number[] {
  return packages.filter((pkg) => pkg.offerOnly).map((pkg) => pkg.id);
}

/** A person's visit to a checkout with a timed offer, as `offerClockToKeep` needs it. */
export interface OfferVisit {
  checkoutId: number;
  /** The offer packages the checkout carries. */
  offerPackageIds: readonly number[];
  /** The checkout's offer length (`offer_hours`). */
  hours: number;
  now: Date;
  /** The start the browser kept while the member was a visitor (see `offerStart`). */
  browserStart?: Date | undefined;
}

/**
 * What a visit keeps for the viewing identity on this checkout (decision 051), or null when it keeps
 * nothing (it already has its clock here). A person who already has a clock for any of the checkout's
 * offer packages, from another checkout, another route or another identity of theirs, keeps a copy of it:
 * a new checkout, lead or route never starts a fresh clock, and the copy still holds if the other identity
 * later goes (a lead's address changed). Only a person with no clock for these packages starts one, at
 * `now` or at the browser's acceptable earlier start (`startOffer`).
 */
export function offerClockToKeep(visit: OfferVisit, clocks: readonly KeptOfferClock[]): OfferClock | null {
  if (clocks.some((clock) => clock.own && clock.checkoutId === visit.checkoutId)) return null;
  return personOfferClock(visit.offerPackageIds, clocks) ?? startOffer(visit.now, visit.hours, [visit.browserStart]);
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
 * only while the buyer's clock for that checkout's offer packages (`personOfferClock`) runs at `now`.
 * A regular package is never refused here.
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
