import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedSessionSeconds,
  BELIEF_MESSAGES,
  believeListening,
  LISTENING_CLOCK_SKEW_SECONDS,
  OVERLAP_TOLERANCE_SECONDS,
  overlapSeconds,
  playsOnLoop,
  type ListeningContext,
  type ListeningInterval,
} from "./believed-listening.ts";
import { SESSION_MESSAGES } from "./listening.ts";

const now = new Date("2026-03-01T12:00:00Z");
const S = 1000;
const MIN = 60 * S;
const ago = (ms: number) => new Date(now.getTime() - ms);
/** A session of `seconds` that ended `endedAgo` ms before now. */
const session = (seconds: number, endedAgo = MIN): ListeningInterval => ({ start: ago(endedAgo + seconds * S), end: ago(endedAgo) });
const meditation = { model: "meditation-sleep", free: true, durationSeconds: 600 };
const locked = { ...meditation, free: false };
const context = (changes: Partial<ListeningContext> = {}): ListeningContext => ({
  now,
  accountCreatedAt: ago(30 * 24 * 60 * MIN),
  item: meditation,
  mayPlayLocked: false,
  others: [],
  ...changes,
});
const refusal = (s: ListeningInterval, c: ListeningContext) => {
  const belief = believeListening(s, c);
  return belief.believed ? null : belief.errors;
};

describe("believeListening", () => {
  it("believes an ordinary session of a free item", () => {
    expect(believeListening(session(540), context())).toEqual({ believed: true });
    // A report without an item is held to the shape rules, the account's age and the overlap only.
    expect(believeListening(session(3 * 3600), context({ item: null }))).toEqual({ believed: true });
  });

  it("keeps the shape rules first (order, 24 hours, future, year 2000)", () => {
    expect(refusal({ start: ago(MIN), end: ago(2 * MIN) }, context())).toEqual({ end_session: [SESSION_MESSAGES.order] });
    expect(refusal(session(25 * 3600), context({ item: null }))).toEqual({ end_session: [SESSION_MESSAGES.tooLong] });
    expect(refusal({ start: ago(MIN), end: new Date(now.getTime() + LISTENING_CLOCK_SKEW_SECONDS * S + S) }, context())).toEqual({
      end_session: [SESSION_MESSAGES.future],
    });
    // Within the clock allowance, an end a little ahead of ours is believed.
    expect(believeListening({ start: ago(MIN), end: new Date(now.getTime() + LISTENING_CLOCK_SKEW_SECONDS * S) }, context()).believed).toBe(
      true,
    );
  });

  it("refuses a locked item unless the member's subscription opened it when the session started", () => {
    expect(refusal(session(300), context({ item: locked }))).toEqual({ id: [BELIEF_MESSAGES.locked] });
    expect(believeListening(session(300), context({ item: locked, mayPlayLocked: true })).believed).toBe(true);
    // A free item needs no subscription, whatever the answer.
    expect(believeListening(session(300), context({ item: meditation, mayPlayLocked: false })).believed).toBe(true);
  });

  it("refuses a session that starts before the account existed, beyond the clock allowance", () => {
    const createdAt = ago(10 * MIN);
    const startingAt = (ms: number): ListeningInterval => ({ start: new Date(createdAt.getTime() + ms), end: createdAt });
    expect(refusal(startingAt(-LISTENING_CLOCK_SKEW_SECONDS * S - S), context({ accountCreatedAt: createdAt }))).toEqual({
      start_session: [BELIEF_MESSAGES.beforeAccount],
    });
    expect(believeListening(startingAt(-LISTENING_CLOCK_SKEW_SECONDS * S), context({ accountCreatedAt: createdAt })).believed).toBe(true);
    expect(believeListening(startingAt(0), context({ accountCreatedAt: createdAt })).believed).toBe(true);
  });

  it("refuses a session longer than its item allows, but not for items played on a loop or of unknown length", () => {
    const allowed = allowedSessionSeconds(meditation)!;
    expect(allowed).toBe(600 * 1.25 + 60);
    expect(believeListening(session(allowed), context()).believed).toBe(true);
    expect(refusal(session(allowed + 1), context())).toEqual({ end_session: [BELIEF_MESSAGES.longerThanItem] });
    const soundscape = { model: "music-soundscape", free: true, durationSeconds: 120 };
    expect(playsOnLoop(soundscape.model)).toBe(true);
    expect(allowedSessionSeconds(soundscape)).toBeNull();
    expect(believeListening(session(2 * 3600), context({ item: soundscape })).believed).toBe(true);
    expect(believeListening(session(2 * 3600), context({ item: { ...meditation, durationSeconds: null } })).believed).toBe(true);
  });

  it(`refuses a session that shares more than ${OVERLAP_TOLERANCE_SECONDS} seconds with the member's other sessions, in all`, () => {
    const earlier = session(600, 20 * MIN); // ended 20 minutes ago
    const following = (gapSeconds: number): ListeningInterval => ({
      start: new Date(earlier.end.getTime() + gapSeconds * S),
      end: new Date(earlier.end.getTime() + 5 * MIN),
    });
    expect(believeListening(following(0), context({ others: [earlier] })).believed).toBe(true);
    expect(believeListening(following(-OVERLAP_TOLERANCE_SECONDS), context({ others: [earlier] })).believed).toBe(true);
    expect(refusal(following(-OVERLAP_TOLERANCE_SECONDS - 1), context({ others: [earlier] }))).toEqual({
      start_session: [BELIEF_MESSAGES.overlap],
    });
    // The same session twice is refused the second time.
    expect(refusal(earlier, context({ others: [earlier] }))).toEqual({ start_session: [BELIEF_MESSAGES.overlap] });
    // Two neighbours each within the allowance, but more than it together.
    const middle = session(300, 10 * MIN);
    const before: ListeningInterval = { start: ago(20 * MIN), end: new Date(middle.start.getTime() + 3 * S) };
    const after: ListeningInterval = { start: new Date(middle.end.getTime() - 3 * S), end: ago(MIN) };
    expect(overlapSeconds(middle, [before, after])).toBe(6);
    expect(refusal(middle, context({ others: [before, after] }))).toEqual({ start_session: [BELIEF_MESSAGES.overlap] });
  });

  it("a new free account cannot report listening it could not have done: believed sessions never add up to more than its age allows", () => {
    // Whatever a new account sends, the sessions believed one after another fit between its creation (less the
    // clock allowance) and now (plus it), apart from the overlap allowance per session.
    const age = 10 * MIN;
    const report = fc.record({
      // Mostly around the account's short life, some from long before it.
      startAgo: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: -2 * MIN, max: 16 * MIN }) },
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 60 * 24 * 60 * MIN }) },
      ),
      seconds: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 0, max: 600 }) },
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 24 * 3600 }) },
      ),
      free: fc.boolean(),
      model: fc.constantFrom("meditation-sleep", "music-soundscape", "cbt"),
    });
    fc.assert(
      fc.property(fc.array(report, { minLength: 5, maxLength: 40 }), (reports) => {
        const kept: ListeningInterval[] = [];
        for (const r of reports) {
          const start = new Date(Math.floor((now.getTime() - r.startAgo) / S) * S);
          const s = { start, end: new Date(start.getTime() + r.seconds * S) };
          const belief = believeListening(
            s,
            context({ accountCreatedAt: ago(age), item: { model: r.model, free: r.free, durationSeconds: 300 }, others: kept }),
          );
          if (belief.believed) {
            kept.push(s);
            expect(r.free).toBe(true);
          }
        }
        const listened = kept.reduce((sum, s) => sum + (s.end.getTime() - s.start.getTime()) / S, 0);
        const possible = age / S + 2 * LISTENING_CLOCK_SKEW_SECONDS + kept.length * OVERLAP_TOLERANCE_SECONDS;
        expect(listened).toBeLessThanOrEqual(possible);
        for (const s of kept) expect(s.start.getTime()).toBeGreaterThanOrEqual(now.getTime() - age - LISTENING_CLOCK_SKEW_SECONDS * S);
      }),
    );
  });
});
