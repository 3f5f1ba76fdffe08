import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { SIGN_IN_THROTTLE } from "@serene/domain";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError } from "../http-error.ts";
import { randomIp, uniqueEmail } from "../test/accounts.ts";
import { pollUntil } from "../test/ports-and-polls.ts";
import { redisForTests } from "../test/redis.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limit.ts";
import type { SignInSource } from "./sign-in-throttle.ts";

const redisAt = await redisForTests();

/** The 429 an attempt was refused with, or null when it was let through. */
async function refusal(attempt: Promise<unknown>): Promise<HttpError | null> {
  try {
    await attempt;
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

/** An attempt with a wrong password: let through, then counted as failed. */
async function failFrom(limiter: RateLimiter, account: string, source: SignInSource) {
  await limiter.signIn.attempt(account, source);
  await limiter.signIn.failed(account, source);
}

describe("sign-in throttling in memory", () => {
  let limiter: RateLimiter;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-03-01T09:00:00Z") });
    limiter = createRateLimiter({ redisUrl: null, factor: 1 });
  });
  afterEach(async () => {
    await limiter.close();
    vi.useRealTimers();
  });

  it("lets a source fail five times, then makes it wait 1 s, 2 s, 4 s … before each next attempt", async () => {
    const account = uniqueEmail("guessed");
    const attacker = { ip: randomIp() };
    for (let failure = 1; failure <= 6; failure++) await failFrom(limiter, account, attacker);

    for (const wait of [1, 2, 4, 8, 16]) {
      const refused = await refusal(limiter.signIn.attempt(account, attacker));
      expect(refused?.statusCode).toBe(429);
      expect(refused?.headers).toEqual({ "retry-after": String(wait) });
      expect(refused?.message).toBe(`Too many attempts. Please try again in ${wait} ${wait === 1 ? "second" : "seconds"}.`);
      vi.advanceTimersByTime(wait * 1000 - 1);
      expect((await refusal(limiter.signIn.attempt(account, attacker)))?.statusCode, `${wait} s not yet over`).toBe(429);
      vi.advanceTimersByTime(1);
      await failFrom(limiter, account, attacker);
    }
  });

  it("never holds back the owner signing in from another address or from a trusted browser", async () => {
    const account = uniqueEmail("owner");
    const attacker = { ip: randomIp() };
    for (let failure = 1; failure <= 6; failure++) await failFrom(limiter, account, attacker);
    expect(await refusal(limiter.signIn.attempt(account, attacker))).not.toBeNull();

    const owner = { ip: randomIp() };
    expect(await refusal(limiter.signIn.attempt(account, owner))).toBeNull();
    await limiter.signIn.succeeded(account, owner);
    expect(await refusal(limiter.signIn.attempt(account, { device: "the-owners-browser" }))).toBeNull();
    // Another account from the attacker's address is its own count.
    expect(await refusal(limiter.signIn.attempt(uniqueEmail("other"), attacker))).toBeNull();
  });

  it("does not count a refused attempt: hammering during a wait does not lengthen the next one", async () => {
    const account = uniqueEmail("hammered");
    const attacker = { ip: randomIp() };
    for (let failure = 1; failure <= 6; failure++) await failFrom(limiter, account, attacker);
    for (let refused = 0; refused < 50; refused++) expect(await refusal(limiter.signIn.attempt(account, attacker))).not.toBeNull();
    vi.advanceTimersByTime(1000);
    await failFrom(limiter, account, attacker);
    expect((await refusal(limiter.signIn.attempt(account, attacker)))?.headers).toEqual({ "retry-after": "2" });
  });

  it("lets only one of many attempts sent at once past a wait", async () => {
    const account = uniqueEmail("parallel");
    const attacker = { ip: randomIp() };
    for (let failure = 1; failure <= 5; failure++) await failFrom(limiter, account, attacker);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => refusal(limiter.signIn.attempt(account, attacker))));
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome?.statusCode === 429)).toHaveLength(19);
  });

  it("forgets a source's failures when it signs in", async () => {
    const account = uniqueEmail("typos");
    const owner = { ip: randomIp() };
    for (let failure = 1; failure <= 5; failure++) await failFrom(limiter, account, owner);
    await limiter.signIn.attempt(account, owner);
    await limiter.signIn.succeeded(account, owner);
    for (let failure = 1; failure <= 6; failure++) await failFrom(limiter, account, owner);
    expect(await refusal(limiter.signIn.attempt(account, owner))).not.toBeNull();
  });

  it("forgets a source's failures an hour after the first", async () => {
    const account = uniqueEmail("later");
    const owner = { ip: randomIp() };
    for (let failure = 1; failure <= 6; failure++) await failFrom(limiter, account, owner);
    vi.advanceTimersByTime(SIGN_IN_THROTTLE.windowSeconds * 1000);
    for (let failure = 1; failure <= 6; failure++) await failFrom(limiter, account, owner);
  });

  it("counts the addresses of one IPv6 /64 network as one source", async () => {
    const account = uniqueEmail("ipv6");
    for (let failure = 1; failure <= 6; failure++) await failFrom(limiter, account, { ip: `2001:db8:7:9::${failure}` });
    expect(await refusal(limiter.signIn.attempt(account, { ip: "2001:db8:7:9:ffff::1" }))).not.toBeNull();
    expect(await refusal(limiter.signIn.attempt(account, { ip: "2001:db8:7:a::1" }))).toBeNull();
  });

  it("holds untrusted sources back once the account has 50 failures from them, but never a trusted browser", async () => {
    const account = uniqueEmail("botnet");
    for (let failure = 1; failure <= SIGN_IN_THROTTLE.untrustedAccountFailures; failure++)
      await failFrom(limiter, account, { ip: randomIp() });

    const fresh = await refusal(limiter.signIn.attempt(account, { ip: randomIp() }));
    expect(fresh?.statusCode).toBe(429);
    expect(Number(fresh?.headers?.["retry-after"])).toBe(SIGN_IN_THROTTLE.windowSeconds);

    // The owner's browser is counted on its own: its own typos slow it, the others' do not.
    const browser = { device: "trusted-browser-id" };
    for (let failure = 1; failure <= 6; failure++) await failFrom(limiter, account, browser);
    expect(await refusal(limiter.signIn.attempt(account, browser))).not.toBeNull();
    expect(await refusal(limiter.signIn.attempt(account, { device: "another-trusted-browser" }))).toBeNull();

    vi.advanceTimersByTime(SIGN_IN_THROTTLE.windowSeconds * 1000);
    expect(await refusal(limiter.signIn.attempt(account, { ip: randomIp() }))).toBeNull();
  });

  it("counts a trusted browser's failures for that browser only", async () => {
    const account = uniqueEmail("own-typos");
    const browser = { device: "typing-browser" };
    for (let round = 0; round < 20; round++) {
      for (let failure = 1; failure <= 5; failure++) await failFrom(limiter, account, browser);
      await limiter.signIn.attempt(account, browser);
      await limiter.signIn.succeeded(account, browser);
    }
    expect(await refusal(limiter.signIn.attempt(account, { ip: randomIp() }))).toBeNull();
  });

  it("scales the free failures and the account ceiling by the factor", async () => {
    const generous = createRateLimiter({ redisUrl: null, factor: 2 });
    try {
      const account = uniqueEmail("factor");
      const source = { ip: randomIp() };
      for (let failure = 1; failure <= 11; failure++) await failFrom(generous, account, source);
      expect(await refusal(generous.signIn.attempt(account, source))).not.toBeNull();
    } finally {
      await generous.close();
    }
  });
});

describe.skipIf(redisAt.skipReason)(`sign-in throttling in Redis${redisAt.skipReason ? ` (${redisAt.skipReason})` : ""}`, () => {
  let redis: Redis;
  let first: RateLimiter;
  let second: RateLimiter;
  const accountKey = (value: string) => createHash("sha256").update(value.trim().toLowerCase()).digest("base64url").slice(0, 22);
  beforeAll(async () => {
    first = createRateLimiter({ redisUrl: redisAt.url, factor: 1 });
    second = createRateLimiter({ redisUrl: redisAt.url, factor: 1 });
    redis = new Redis(redisAt.url, { maxRetriesPerRequest: 1 });
    await redis.ping();
    // Until their connections are up, limiters count in memory (they never queue commands): wait for them.
    for (const limiter of [first, second]) {
      const probe = `probe-${randomIp()}`;
      await pollUntil(
        async () => {
          await limiter.consume("code", probe, null);
          return (await redis.exists(`rl:code:ip:${probe}`)) === 1;
        },
        { timeoutMs: 2_000, intervalMs: 50, what: "a limiter's Redis connection" },
      );
      await redis.del(`rl:code:ip:${probe}`);
    }
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await redis.quit();
  });

  it("shares waits and counts between API instances, under rl:login:*", async () => {
    const account = uniqueEmail("shared-wait");
    const attacker = { ip: randomIp() };
    for (let failure = 1; failure <= 6; failure++) await failFrom(failure % 2 ? first : second, account, attacker);
    const refused = await refusal(second.signIn.attempt(account, attacker));
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers).toEqual({ "retry-after": "1" });
    expect(await refusal(first.signIn.attempt(account, { ip: randomIp() }))).toBeNull();

    const keys = await redis.keys("rl:login:*");
    expect(keys.some((key) => key.startsWith("rl:login:source:"))).toBe(true);
    expect(keys.some((key) => key.startsWith("rl:login:wait:"))).toBe(true);
    expect(await redis.get(`rl:login:account:${accountKey(account)}`)).toBe("6");
    await redis.del(`rl:login:account:${accountKey(account)}`);
  });
});
