import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../http-error";
import { freePort, login, PASSWORD, randomIp, registerMember, uniqueEmail } from "../test/accounts";
import { redisForTests } from "../test/redis";
import { createTestApp } from "../test/test-app";
import { createRateLimiter, RATE_LIMITS, tooManyAttempts } from "./rate-limit";

const redisAt = await redisForTests();
const REDIS_URL = redisAt.url;
if (redisAt.skipReason) console.warn(`Rate limiter in Redis: ${redisAt.skipReason}`);
const accountKey = (value: string) => createHash("sha256").update(value.trim().toLowerCase()).digest("base64url").slice(0, 22);

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error("expected a rejection");
}

describe("the rate limiter in memory", () => {
  it("counts per client address and per account, separately", async () => {
    const limiter = createRateLimiter({ redisUrl: null, factor: 1 });
    const { points } = RATE_LIMITS.recovery.account;
    for (let i = 0; i < points; i++) await limiter.consume("recovery", randomIp(), "one@example.test");
    const error = await rejection(limiter.consume("recovery", randomIp(), " ONE@example.test"));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(429);
    expect(Number(error.headers!["retry-after"])).toBeGreaterThan(RATE_LIMITS.recovery.account.seconds - 5);
    // Another account, and the same account under another limit, are not held back.
    await limiter.consume("recovery", randomIp(), "two@example.test");
    await limiter.consume("removal", randomIp(), "one@example.test");
    await limiter.close();
  });

  it("forgets an account's count on reset", async () => {
    const limiter = createRateLimiter({ redisUrl: null, factor: 1 });
    for (let i = 0; i < RATE_LIMITS.password.account.points; i++) await limiter.consume("password", randomIp(), "reset@example.test");
    await expect(limiter.consume("password", randomIp(), "reset@example.test")).rejects.toThrow(/Too many attempts/);
    await limiter.reset("password", "Reset@Example.test");
    await limiter.consume("password", randomIp(), "reset@example.test");
    await limiter.close();
  });

  it("scales every limit by the factor", async () => {
    const limiter = createRateLimiter({ redisUrl: null, factor: 2 });
    const ip = randomIp();
    for (let i = 0; i < RATE_LIMITS.register.ip.points * 2; i++) await limiter.consume("register", ip, null);
    await expect(limiter.consume("register", ip, null)).rejects.toMatchObject({ statusCode: 429 });
    await limiter.close();
  });

  it("words the wait in whole seconds, never less than one", () => {
    expect(tooManyAttempts(200).message).toBe("Too many attempts. Please try again in 1 second.");
    expect(tooManyAttempts(1001).message).toBe("Too many attempts. Please try again in 2 seconds.");
    expect(tooManyAttempts(0).headers).toEqual({ "retry-after": "1" });
  });
});

describe.skipIf(redisAt.skipReason)(`the rate limiter in Redis${redisAt.skipReason ? ` (${redisAt.skipReason})` : ""}`, () => {
  let redis: Redis;
  const written: string[] = [];
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    await redis.ping();
  });
  afterAll(async () => {
    if (written.length > 0) await redis.del(...written);
    await redis.quit();
  });

  it("keeps its counts in Redis under rl:<name>:<scope>:<key>", async () => {
    const limiter = createRateLimiter({ redisUrl: REDIS_URL, factor: 1 });
    // Until its connection is up, the limiter counts in memory (it never queues commands); wait for it.
    const probe = `probe-${randomIp()}`;
    written.push(`rl:code:ip:${probe}`);
    for (let attempt = 0; attempt < 40 && !(await redis.exists(`rl:code:ip:${probe}`)); attempt++) {
      await limiter.consume("code", probe, null);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await redis.exists(`rl:code:ip:${probe}`)).toBe(1);
    const ip = randomIp();
    const email = uniqueEmail("redis-key");
    written.push(`rl:password:ip:${ip}`, `rl:password:account:${accountKey(email)}`);
    await limiter.consume("password", ip, email);
    await limiter.consume("password", ip, email);
    expect(await redis.get(`rl:password:ip:${ip}`)).toBe("2");
    expect(await redis.get(`rl:password:account:${accountKey(email)}`)).toBe("2");
    const ttl = await redis.pttl(`rl:password:account:${accountKey(email)}`);
    expect(ttl).toBeGreaterThan(890_000);
    expect(ttl).toBeLessThanOrEqual(900_000);
    await limiter.reset("password", email);
    expect(await redis.get(`rl:password:account:${accountKey(email)}`)).toBeNull();
    await limiter.close();
  });

  it("shares the count between two API instances", async () => {
    const first = await createTestApp({ REDIS_URL });
    const second = await createTestApp({ REDIS_URL });
    const secondOnItsOwn = await createTestApp();
    try {
      const member = await registerMember(second.app, second.database, { email: uniqueEmail("shared") });
      await registerMember(secondOnItsOwn.app, secondOnItsOwn.database, { email: member.email });
      written.push(`rl:login:account:${accountKey(member.email)}`);
      for (let attempt = 1; attempt <= RATE_LIMITS.login.account.points; attempt++) {
        const ip = randomIp();
        written.push(`rl:login:ip:${ip}`);
        expect((await login(first.app, member.email, `wrong-${attempt}`, ip)).statusCode).toBe(422);
      }
      expect(await redis.get(`rl:login:account:${accountKey(member.email)}`)).toBe(String(RATE_LIMITS.login.account.points));

      const ip = randomIp();
      written.push(`rl:login:ip:${ip}`);
      const limited = await login(second.app, member.email, PASSWORD, ip);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
      expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);

      // An instance that counts in its own memory does not see the other instances' attempts.
      expect((await login(secondOnItsOwn.app, member.email, PASSWORD)).statusCode).toBe(200);
    } finally {
      await first.close();
      await second.close();
      await secondOnItsOwn.close();
    }
  });

  it("shares a client address's count between instances too", async () => {
    const first = await createTestApp({ REDIS_URL });
    const second = await createTestApp({ REDIS_URL });
    try {
      const ip = randomIp();
      written.push(`rl:removal:ip:${ip}`);
      for (let attempt = 1; attempt <= RATE_LIMITS.removal.ip.points; attempt++) {
        const email = uniqueEmail("spray");
        written.push(`rl:removal:account:${accountKey(email)}`);
        const app = attempt % 2 ? first.app : second.app;
        expect(
          (await app.inject({ method: "POST", url: "/api/v1/user/request-remove", payload: { email }, remoteAddress: ip })).statusCode,
        ).toBe(200);
      }
      const limited = await second.app.inject({
        method: "POST",
        url: "/api/v1/user/request-remove",
        payload: { email: uniqueEmail("spray") },
        remoteAddress: ip,
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("falls back to counting in memory when Redis cannot be reached, and still answers", async () => {
    const down = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const email = uniqueEmail("no-redis");
      for (let attempt = 1; attempt <= RATE_LIMITS.login.account.points; attempt++) {
        expect((await login(down.app, email, "whatever-1")).statusCode).toBe(422);
      }
      expect((await login(down.app, email, "whatever-1")).statusCode).toBe(429);
    } finally {
      await down.close();
    }
  });
});
