import { SIGN_IN_THROTTLE } from "@serene/domain";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomIp, registerMember, rows, uniqueEmail, whoAmI } from "../../test/accounts.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * POST /api/v1/user/token slows password guessing down per account and source, and never locks
 * the owner out (docs/decisions/020-sign-in-throttling-and-even-timing.md).
 */
const CREDENTIALS = "These credentials do not match our records.";
const HELD = /^Too many attempts\. Please try again in \d+ seconds?\.$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: "https://app.serene.test" });
});
afterAll(async () => t.close());

/** A log-in from a client address, with the browser's trusted-device cookie when it has one. */
const signIn = (email: string, password: string, { ip = randomIp(), device }: { ip?: string; device?: string } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/user/token",
    payload: { login: email, password, device_name: "web" },
    remoteAddress: ip,
    ...(device ? { cookies: { trusted_device: device } } : {}),
  });

const trustCookie = (res: LightMyRequestResponse) => res.cookies.find((cookie) => cookie.name === "trusted_device");

/** The trusted-device cookie a browser gets from signing in with the right password. */
async function trustedBrowser(email: string, password: string): Promise<string> {
  const res = await signIn(email, password);
  expect(res.statusCode).toBe(200);
  return trustCookie(res)!.value;
}

describe("one guesser on one address", () => {
  it("gets five wrong passwords free and a sixth, then waits with 429 and Retry-After, even with the right password", async () => {
    const owner = await registerMember(t.app, t.database, { email: uniqueEmail("guessed") });
    // An address without an account is held back exactly alike: the answers tell nothing.
    for (const email of [owner.email, uniqueEmail("nobody")]) {
      const attacker = randomIp();
      for (let guess = 1; guess <= 6; guess++) {
        const res = await signIn(email, `wrong-guess-${guess}`, { ip: attacker });
        expect(res.statusCode, `${email}, guess ${guess}`).toBe(422);
        expect(res.json().message).toBe(CREDENTIALS);
      }
      const held = await signIn(email.toUpperCase(), owner.password, { ip: attacker });
      expect(held.statusCode, email).toBe(429);
      expect(held.headers["retry-after"]).toBe("1");
      expect(held.json()).toEqual({ message: "Too many attempts. Please try again in 1 second." });
    }
  });

  it("does not hold the owner back: the right password from another address signs in at once", async () => {
    const owner = await registerMember(t.app, t.database, { email: uniqueEmail("owner") });
    const attacker = randomIp();
    for (let guess = 1; guess <= 6; guess++) await signIn(owner.email, `wrong-guess-${guess}`, { ip: attacker });
    expect((await signIn(owner.email, owner.password, { ip: attacker })).statusCode).toBe(429);

    const elsewhere = await signIn(owner.email, owner.password);
    expect(elsewhere.statusCode).toBe(200);
    expect((await whoAmI(t.app, elsewhere.json().token)).json().email).toBe(owner.email);
  });

  it("forgets the address's failures once the owner signs in from it", async () => {
    const owner = await registerMember(t.app, t.database, { email: uniqueEmail("typos") });
    const home = randomIp();
    for (let typo = 1; typo <= 5; typo++) expect((await signIn(owner.email, `typo-${typo}`, { ip: home })).statusCode).toBe(422);
    expect((await signIn(owner.email, owner.password, { ip: home })).statusCode).toBe(200);
    for (let typo = 1; typo <= 6; typo++) expect((await signIn(owner.email, `typo-again-${typo}`, { ip: home })).statusCode).toBe(422);
    expect((await signIn(owner.email, owner.password, { ip: home })).statusCode).toBe(429);
  });
});

describe("the trusted-device cookie", () => {
  it("is given after a successful sign-in: HttpOnly, SameSite=Strict, Secure, for the log-in call only, for 180 days", async () => {
    const owner = await registerMember(t.app, t.database, { email: uniqueEmail("cookie") });
    const res = await signIn(owner.email, owner.password);
    const cookie = trustCookie(res);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: "Strict",
      secure: true,
      path: "/api/v1/user/token",
      maxAge: SIGN_IN_THROTTLE.trustedDeviceDays * 86_400,
    });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The server keeps only a hash of it.
    expect(JSON.stringify(await rows(t.database, "SELECT * FROM account_codes"))).not.toContain(cookie!.value);

    const again = await signIn(owner.email, owner.password, { device: cookie!.value });
    expect(again.statusCode).toBe(200);
    expect(trustCookie(again), "no new cookie while the browser is trusted").toBeUndefined();
  });

  it("is not given for a wrong password", async () => {
    const owner = await registerMember(t.app, t.database, { email: uniqueEmail("no-cookie") });
    const res = await signIn(owner.email, "not-the-password");
    expect(res.statusCode).toBe(422);
    expect(trustCookie(res)).toBeUndefined();
  });
});

describe("guessers spread over many addresses", () => {
  it(`hold untrusted clients back after ${SIGN_IN_THROTTLE.untrustedAccountFailures} failures, never the owner's trusted browser`, async () => {
    const owner = await registerMember(t.app, t.database, { email: uniqueEmail("spread") });
    const browser = await trustedBrowser(owner.email, owner.password);
    for (let guess = 1; guess <= SIGN_IN_THROTTLE.untrustedAccountFailures; guess++) {
      expect((await signIn(owner.email, `spread-guess-${guess}`)).statusCode, `guess ${guess}`).toBe(422);
    }

    const untrusted = await signIn(owner.email, owner.password);
    expect(untrusted.statusCode).toBe(429);
    const retryAfter = Number(untrusted.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(SIGN_IN_THROTTLE.windowSeconds - 300);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_THROTTLE.windowSeconds);
    expect(untrusted.json().message).toMatch(HELD);

    // The owner's usual browser, even from an address it never used: in at once.
    expect((await signIn(owner.email, owner.password, { device: browser })).statusCode).toBe(200);
    // Its own typo is answered as usual and counted for it alone.
    expect((await signIn(owner.email, "owner-typo", { device: browser })).statusCode).toBe(422);
    expect((await signIn(owner.email, owner.password, { device: browser })).statusCode).toBe(200);

    // A cookie this server did not give, or gave for another account, is not trusted here.
    const other = await registerMember(t.app, t.database, { email: uniqueEmail("other") });
    const othersBrowser = await trustedBrowser(other.email, other.password);
    expect((await signIn(owner.email, owner.password, { device: othersBrowser })).statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password, { device: "A".repeat(43) })).statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password, { device: "made-up" })).statusCode).toBe(429);
    // The other account is not held back.
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);
  });
});
