import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guessesWithin, SIGN_IN_THROTTLE, signInDelaySeconds } from "./sign-in-throttle.ts";

describe("signInDelaySeconds", () => {
  it("lets the first five failures through without a wait", () => {
    for (let failures = 0; failures <= 5; failures++) expect(signInDelaySeconds(failures), `${failures}`).toBe(0);
  });

  it("then waits 1 s, 2 s, 4 s … doubling with each failure", () => {
    expect([6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((failures) => signInDelaySeconds(failures))).toEqual([
      1, 2, 4, 8, 16, 32, 64, 128, 256, 512,
    ]);
  });

  it("never waits longer than 15 minutes, however many failures", () => {
    expect(signInDelaySeconds(16)).toBe(900);
    expect(signInDelaySeconds(1000)).toBe(900);
    expect(signInDelaySeconds(Number.MAX_SAFE_INTEGER)).toBe(900);
  });

  it("grows with the failures and never shrinks, within 0 and the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 100 }), (failures, more) => {
        const wait = signInDelaySeconds(failures);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThanOrEqual(SIGN_IN_THROTTLE.maxDelaySeconds);
        expect(signInDelaySeconds(failures + more)).toBeGreaterThanOrEqual(wait);
      }),
    );
  });

  it("reads odd counts safely", () => {
    expect(signInDelaySeconds(-3)).toBe(0);
    expect(signInDelaySeconds(Number.NaN)).toBe(0);
    expect(signInDelaySeconds(6.7)).toBe(1);
  });

  it("follows another policy when given one", () => {
    const policy = { ...SIGN_IN_THROTTLE, freeFailures: 100, firstDelaySeconds: 2, maxDelaySeconds: 10 };
    expect(signInDelaySeconds(100, policy)).toBe(0);
    expect(signInDelaySeconds(101, policy)).toBe(2);
    expect(signInDelaySeconds(102, policy)).toBe(4);
    expect(signInDelaySeconds(104, policy)).toBe(10);
  });
});

describe("guessesWithin", () => {
  it("gives one source on one account 18 guesses in the first hour and 4 more in the next", () => {
    expect(guessesWithin(0)).toBe(6);
    expect(guessesWithin(60)).toBe(11);
    expect(guessesWithin(3600)).toBe(18);
    expect(guessesWithin(7200)).toBe(22);
  });

  it("stays below the old lock-out's 40 an hour, and one or two addresses cannot hold untrusted sources back", () => {
    const oneAddress = guessesWithin(SIGN_IN_THROTTLE.windowSeconds);
    expect(oneAddress).toBeLessThan(40);
    expect(2 * oneAddress).toBeLessThan(SIGN_IN_THROTTLE.untrustedAccountFailures);
  });
});
