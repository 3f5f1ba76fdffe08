import { describe, expect, it } from "vitest";
import {
  earliestOffer,
  offerEndsAt,
  offerIsLive,
  offerPackageIds,
  offerPlace,
  offerRefusal,
  offerClockToKeep,
  offerStart,
  personOfferClock,
  startOffer,
  visibleCheckoutPackages,
  type KeptOfferClock,
  type SubscriptionHistoryItem,
} from "./checkout-offer.ts";
import { HOUR_MS } from "./time.ts";

const now = new Date("2026-03-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("offerStart and startOffer", () => {
  it("starts now on a first visit without an earlier start", () => {
    expect(offerStart(now, 4)).toEqual(now);
    expect(startOffer(now, 4)).toEqual({ startedAt: now, endsAt: new Date("2026-03-01T16:00:00Z") });
  });

  it("takes the browser's visitor start when it is in the past and within the offer", () => {
    expect(offerStart(now, 4, [ago(HOUR_MS)])).toEqual(ago(HOUR_MS));
    expect(offerStart(now, 4, [ago(4 * HOUR_MS)])).toEqual(ago(4 * HOUR_MS));
    expect(startOffer(now, 4, [ago(3 * HOUR_MS)]).endsAt).toEqual(new Date(now.getTime() + HOUR_MS));
  });

  it("ignores a start in the future or not a date: the clock starts now", () => {
    for (const start of [new Date(now.getTime() + 1), new Date("nope"), null, undefined]) {
      expect(offerStart(now, 4, [start]), String(start)).toEqual(now);
    }
  });

  it("counts a start further back than the offer as the offer's length back: an offer that ended never starts again", () => {
    for (const start of [ago(4 * HOUR_MS + 1), ago(30 * 24 * HOUR_MS)]) {
      const clock = startOffer(now, 4, [start]);
      expect(clock.startedAt, String(start)).toEqual(ago(4 * HOUR_MS));
      expect(offerIsLive(clock, now), String(start)).toBe(false);
    }
  });

  it("can only move the deadline earlier, never later", () => {
    for (const offset of [-5, 0, 1, 60_000, HOUR_MS, 4 * HOUR_MS, 4 * HOUR_MS + 1, 1e12]) {
      const clock = startOffer(now, 4, [ago(offset)]);
      expect(clock.endsAt.getTime()).toBeLessThanOrEqual(offerEndsAt(now, 4).getTime());
      expect(clock.startedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it("takes the earliest start of several (a lead's clock and the browser's)", () => {
    expect(offerStart(now, 4, [ago(HOUR_MS), ago(2 * HOUR_MS), now])).toEqual(ago(2 * HOUR_MS));
    expect(offerStart(now, 4, [ago(HOUR_MS), ago(9 * HOUR_MS)])).toEqual(ago(4 * HOUR_MS));
  });
});

describe("offerIsLive", () => {
  const clock = startOffer(now, 4);
  it("runs from its start (included) to its end (excluded)", () => {
    expect(offerIsLive(clock, now)).toBe(true);
    expect(offerIsLive(clock, new Date(clock.endsAt.getTime() - 1))).toBe(true);
    expect(offerIsLive(clock, clock.endsAt)).toBe(false);
    expect(offerIsLive(clock, new Date(clock.endsAt.getTime() + HOUR_MS))).toBe(false);
    expect(offerIsLive(clock, ago(1))).toBe(false);
    expect(offerIsLive(null, now)).toBe(false);
  });
  it("a zero-hour offer is never live", () => {
    expect(offerIsLive(startOffer(now, 0), now)).toBe(false);
  });
});

describe("earliestOffer", () => {
  it("keeps the clock that ends first", () => {
    const a = startOffer(ago(HOUR_MS), 4);
    const b = startOffer(now, 4);
    expect(earliestOffer([b, null, a])).toBe(a);
    expect(earliestOffer([null, undefined])).toBeNull();
  });
});

describe("personOfferClock: one deadline per person and offer package", () => {
  const PROMO_PACKAGES = [21, 22, 23, 24];
  const kept = (checkoutId: number, startedAgo: number, over: Partial<KeptOfferClock> = {}): KeptOfferClock => ({
    checkoutId,
    offerPackageIds: PROMO_PACKAGES,
    own: true,
    ...startOffer(ago(startedAgo), 4),
    ...over,
  });

  it("is the earliest deadline of every checkout offering the same packages, whichever identity kept it", () => {
    const checkout3 = kept(3, 5 * HOUR_MS);
    const checkout1 = kept(1, HOUR_MS);
    const leadsClock = kept(4, 2 * HOUR_MS, { own: false });
    expect(personOfferClock(PROMO_PACKAGES, [checkout1, checkout3, leadsClock])).toEqual({
      startedAt: checkout3.startedAt,
      endsAt: checkout3.endsAt,
    });
    // An ended offer on checkout 3 is ended on checkout 1 too, asked with checkout 1's packages.
    expect(offerIsLive(personOfferClock(PROMO_PACKAGES, [checkout1, checkout3]), now)).toBe(false);
  });

  it("counts a clock when its checkout shares any one of the packages, and only then", () => {
    const other = kept(9, 5 * HOUR_MS, { offerPackageIds: [31] });
    const sharing = kept(8, 3 * HOUR_MS, { offerPackageIds: [24, 31] });
    expect(personOfferClock([21, 24], [other])).toBeNull();
    expect(personOfferClock([21, 24], [other, sharing])?.endsAt).toEqual(sharing.endsAt);
    expect(personOfferClock([31], [other, sharing])?.endsAt).toEqual(other.endsAt);
    expect(personOfferClock([], [other, sharing])).toBeNull();
  });

  it("is null before any page offering the packages was opened", () => {
    expect(personOfferClock(PROMO_PACKAGES, [])).toBeNull();
  });

  it("the earliest deadline wins even where a later start has a shorter offer", () => {
    const long = { ...kept(1, 2 * HOUR_MS), endsAt: new Date(now.getTime() + 10 * HOUR_MS) };
    const short = { ...kept(2, HOUR_MS), endsAt: new Date(now.getTime() + HOUR_MS) };
    expect(personOfferClock(PROMO_PACKAGES, [long, short])?.endsAt).toEqual(short.endsAt);
  });
});

describe("offerPackageIds", () => {
  it("names a checkout's offer packages, in order", () => {
    expect(
      offerPackageIds([
        { id: 5, offerOnly: false },
        { id: 21, offerOnly: true },
        { id: 10, offerOnly: false },
        { id: 22, offerOnly: true },
      ]),
    ).toEqual([21, 22]);
    expect(offerPackageIds([{ id: 5, offerOnly: false }])).toEqual([]);
  });
});

describe("offerClockToKeep: a new checkout, lead or route never starts a fresh clock", () => {
  const PROMO_PACKAGES = [21, 22, 23, 24];
  const visit = (checkoutId: number, over: Partial<Parameters<typeof offerClockToKeep>[0]> = {}) => ({
    checkoutId,
    offerPackageIds: PROMO_PACKAGES,
    hours: 4,
    now,
    ...over,
  });
  const ended: KeptOfferClock = { checkoutId: 3, offerPackageIds: PROMO_PACKAGES, own: true, ...startOffer(ago(5 * HOUR_MS), 4) };

  it("starts a clock now on the person's very first visit, or at the browser's acceptable start", () => {
    expect(offerClockToKeep(visit(3), [])).toEqual(startOffer(now, 4));
    expect(offerClockToKeep(visit(3, { browserStart: ago(HOUR_MS) }), [])).toEqual(startOffer(ago(HOUR_MS), 4));
  });

  it("keeps nothing where the identity already has its clock on this checkout", () => {
    expect(offerClockToKeep(visit(3), [ended])).toBeNull();
  });

  it("copies the person's clock, ended or running, to another checkout: never a fresh one", () => {
    expect(offerClockToKeep(visit(1), [ended])).toEqual({ startedAt: ended.startedAt, endsAt: ended.endsAt });
    // The browser's start cannot replace a clock that exists.
    expect(offerClockToKeep(visit(1, { browserStart: ago(60_000) }), [ended])?.endsAt).toEqual(ended.endsAt);
  });

  it("copies another identity's clock (a lead of the address, the member of it) for a new lead or the member", () => {
    const leads = { ...ended, own: false };
    expect(offerClockToKeep(visit(3), [leads])).toEqual({ startedAt: ended.startedAt, endsAt: ended.endsAt });
  });

  it("starts fresh only for packages the person has no clock for", () => {
    const elsewhere = { ...ended, offerPackageIds: [31] };
    expect(offerClockToKeep(visit(1), [elsewhere])).toEqual(startOffer(now, 4));
  });
});

describe("visibleCheckoutPackages", () => {
  const packages = [
    { id: 5, offerOnly: false },
    { id: 21, offerOnly: true },
  ];
  it("lists everything for a visitor (the browser keeps the deadline)", () => {
    expect(visibleCheckoutPackages(packages, undefined, now).map((p) => p.id)).toEqual([5, 21]);
  });
  it("lists offer packages only while the person's offer runs", () => {
    const clock = startOffer(now, 4);
    expect(visibleCheckoutPackages(packages, clock, now).map((p) => p.id)).toEqual([5, 21]);
    expect(visibleCheckoutPackages(packages, clock, clock.endsAt).map((p) => p.id)).toEqual([5]);
    expect(visibleCheckoutPackages(packages, null, now).map((p) => p.id)).toEqual([5]);
  });
});

describe("offerRefusal", () => {
  const offer = { offerOnly: true };
  const clock = startOffer(now, 4);
  it("never refuses a regular package", () => {
    expect(offerRefusal({ offerOnly: false }, false, null, now)).toBeNull();
  });
  it("sells an offer package only through its checkout while the clock runs", () => {
    expect(offerRefusal(offer, true, clock, now)).toBeNull();
    expect(offerRefusal(offer, false, clock, now)).toBe("no_checkout");
    expect(offerRefusal(offer, true, null, now)).toBe("not_started");
    expect(offerRefusal(offer, true, clock, clock.endsAt)).toBe("ended");
  });
});

describe("offerPlace", () => {
  const item = (over: Partial<SubscriptionHistoryItem>): SubscriptionHistoryItem => ({
    startedAt: ago(30 * 24 * HOUR_MS),
    startedWithTrial: true,
    charged: false,
    entitled: false,
    ...over,
  });
  it("is after_locked_content for a member who never subscribed", () => {
    expect(offerPlace([])).toBe("after_locked_content");
  });
  it("is after_trial_is_over when the latest subscription was a trial that ended without a charge", () => {
    expect(offerPlace([item({})])).toBe("after_trial_is_over");
    expect(offerPlace([item({ startedAt: ago(1000), startedWithTrial: true }), item({ charged: true, startedWithTrial: false })])).toBe(
      "after_trial_is_over",
    );
  });
  it("is after_locked_content while anything gives access, after a paid trial, or when the latest was not a trial", () => {
    expect(offerPlace([item({ entitled: true })])).toBe("after_locked_content");
    expect(offerPlace([item({ charged: true })])).toBe("after_locked_content");
    expect(offerPlace([item({}), item({ startedAt: ago(1000), startedWithTrial: false, charged: true })])).toBe("after_locked_content");
    expect(offerPlace([item({}), item({ startedAt: ago(1000), startedWithTrial: false, entitled: true, charged: true })])).toBe(
      "after_locked_content",
    );
  });
});
