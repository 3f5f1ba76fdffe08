import { describe, expect, it } from "vitest";
import { isSessionLive, sessionExpiry } from "./session.ts";
import { DAY_MS } from "./time.ts";

const DAY = DAY_MS;
const lifetime = { idleMs: 30 * DAY, absoluteMs: 180 * DAY };
const issuedAt = new Date("2026-01-01T00:00:00Z");
const after = (ms: number) => new Date(issuedAt.getTime() + ms);

describe("sessionExpiry", () => {
  it("gives a new token the idle period", () => {
    expect(sessionExpiry(issuedAt, issuedAt, lifetime)).toEqual(after(30 * DAY));
  });

  it("starts the idle period again from each refresh", () => {
    expect(sessionExpiry(issuedAt, after(10 * DAY), lifetime)).toEqual(after(40 * DAY));
    expect(sessionExpiry(issuedAt, after(100 * DAY), lifetime)).toEqual(after(130 * DAY));
  });

  it("never goes past the absolute lifetime, however recent the refresh", () => {
    expect(sessionExpiry(issuedAt, after(150 * DAY), lifetime)).toEqual(after(180 * DAY));
    expect(sessionExpiry(issuedAt, after(170 * DAY), lifetime)).toEqual(after(180 * DAY));
    expect(sessionExpiry(issuedAt, after(400 * DAY), lifetime)).toEqual(after(180 * DAY));
  });

  it("switches from the idle bound to the absolute bound exactly where they meet", () => {
    expect(sessionExpiry(issuedAt, after(150 * DAY - 1), lifetime)).toEqual(after(180 * DAY - 1));
    expect(sessionExpiry(issuedAt, after(150 * DAY + 1), lifetime)).toEqual(after(180 * DAY));
  });

  it("uses the absolute bound when it is shorter than the idle period", () => {
    expect(sessionExpiry(issuedAt, issuedAt, { idleMs: 30 * DAY, absoluteMs: DAY })).toEqual(after(DAY));
  });
});

describe("isSessionLive", () => {
  it("is live before its expiry and dead at it", () => {
    const expiresAt = after(30 * DAY);
    expect(isSessionLive(issuedAt, expiresAt, after(30 * DAY - 1), lifetime)).toBe(true);
    expect(isSessionLive(issuedAt, expiresAt, after(30 * DAY), lifetime)).toBe(false);
  });

  it("is dead past the absolute lifetime even with a later stored expiry", () => {
    expect(isSessionLive(issuedAt, after(365 * DAY), after(180 * DAY), lifetime)).toBe(false);
    expect(isSessionLive(issuedAt, after(365 * DAY), after(180 * DAY - 1), lifetime)).toBe(true);
  });
});
