import { createHash, randomInt } from "node:crypto";
import { connect, createServer } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpError } from "../http-error.ts";
import { login, PASSWORD, randomIp, registerMember, uniqueEmail } from "../test/accounts.ts";
import { freePort, pollUntil } from "../test/ports-and-polls.ts";
import { redisForTests } from "../test/redis.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createRateLimiter, RATE_LIMITS, REDIS_BACK_MESSAGE, REDIS_DOWN_MESSAGE, tooManyAttempts } from "./rate-limit.ts";

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

describe("a REDIS_URL that cannot be reached", () => {
  it("is said once in a warning, and the limits still hold in memory", async () => {
    const logger = { warn: vi.fn(), info: vi.fn() };
    const limiter = createRateLimiter({ redisUrl: `redis://127.0.0.1:${await freePort()}`, factor: 1, logger });
    try {
      await vi.waitFor(() => expect(logger.warn).toHaveBeenCalled(), { timeout: 10_000, interval: 20 });
      expect(await limiter.sharedStoreAnswers()).toBe(false);
      const ip = randomIp();
      for (let i = 0; i < RATE_LIMITS.register.ip.points; i++) await limiter.consume("register", ip, null);
      await expect(limiter.consume("register", ip, null)).rejects.toMatchObject({ statusCode: 429 });
      // The client keeps retrying the connection meanwhile; the warning is not repeated.
      expect(logger.warn.mock.calls).toEqual([[REDIS_DOWN_MESSAGE]]);
      expect(logger.warn.mock.calls[0]![0]).not.toContain("127.0.0.1");
      expect(logger.info).not.toHaveBeenCalled();
    } finally {
      await limiter.close();
    }
  });

  it("makes readiness degraded (still 200), not unavailable", async () => {
    const down = await createTestApp({ REDIS_URL: "redis://127.0.0.1:1" });
    try {
      const ready = await down.app.inject({ url: "/health/ready" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "degraded", checks: { database: "ok", redis: "degraded" } });
    } finally {
      await down.close();
    }
  });

  it("leaves readiness as it was without REDIS_URL (the limits are in memory by design)", async () => {
    const limiter = createRateLimiter({ redisUrl: null, factor: 1 });
    expect(await limiter.sharedStoreAnswers()).toBeNull();
    await limiter.close();
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
    await pollUntil(
      async () => {
        await limiter.consume("code", probe, null);
        return (await redis.exists(`rl:code:ip:${probe}`)) === 1;
      },
      { timeoutMs: 2_000, intervalMs: 50, what: "the limiter's Redis connection" },
    );
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

  it("says nothing while Redis answers, and readiness reports it ok", async () => {
    const logger = { warn: vi.fn(), info: vi.fn() };
    const limiter = createRateLimiter({ redisUrl: REDIS_URL, factor: 1, logger });
    await vi.waitFor(async () => expect(await limiter.sharedStoreAnswers()).toBe(true), { timeout: 10_000, interval: 20 });
    expect(logger.warn).not.toHaveBeenCalled();
    await limiter.close();
    const up = await createTestApp({ REDIS_URL });
    try {
      expect((await up.app.inject({ url: "/health/ready" })).json()).toEqual({ status: "ok", checks: { database: "ok", redis: "ok" } });
    } finally {
      await up.close();
    }
  });

  it.skipIf(REDIS_URL.startsWith("rediss:"))("says once that Redis cannot be reached, and once that it answers again", async () => {
    const port = await freePort();
    const logger = { warn: vi.fn(), info: vi.fn() };
    const viaProxy = new URL(REDIS_URL);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(port);
    const limiter = createRateLimiter({ redisUrl: viaProxy.toString(), factor: 1, logger });
    // Redis "comes back": a plain TCP relay to the real one starts listening on the port the limiter knows.
    const target = new URL(REDIS_URL);
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      client.pipe(upstream).pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
    });
    try {
      await vi.waitFor(() => expect(logger.warn).toHaveBeenCalled(), { timeout: 10_000, interval: 20 });
      await new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve));
      await vi.waitFor(() => expect(logger.info).toHaveBeenCalled(), { timeout: 15_000, interval: 50 });
      expect(logger.info.mock.calls).toEqual([[REDIS_BACK_MESSAGE]]);
      expect(logger.warn.mock.calls).toEqual([[REDIS_DOWN_MESSAGE]]);
      expect(await limiter.sharedStoreAnswers()).toBe(true);
    } finally {
      await limiter.close();
      relay.close();
    }
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

  it("with Redis unreachable, every node still answers and counts in its own memory, and each says so once", async () => {
    const unreachable = `redis://127.0.0.1:${await freePort()}`;
    const nodes = await Promise.all([1, 2, 3].map(() => createTestApp({ REDIS_URL: unreachable })));
    const loggers = [1, 2, 3].map(() => ({ warn: vi.fn(), info: vi.fn() }));
    const limiters = loggers.map((logger) => createRateLimiter({ redisUrl: unreachable, factor: 1, logger }));
    try {
      const email = uniqueEmail("no-redis");
      for (const node of nodes) {
        for (let attempt = 1; attempt <= RATE_LIMITS.login.account.points; attempt++) {
          expect((await login(node.app, email, "whatever-1")).statusCode).toBe(422);
        }
        expect((await login(node.app, email, "whatever-1")).statusCode).toBe(429);
        expect((await node.app.inject({ url: "/health/ready" })).json()).toMatchObject({
          status: "degraded",
          checks: { redis: "degraded" },
        });
      }
      for (const limiter of limiters) {
        for (let i = 0; i < 5; i++) await limiter.consume("recovery", randomIp(), uniqueEmail("no-redis"));
      }
      for (const logger of loggers) {
        await vi.waitFor(() => expect(logger.warn).toHaveBeenCalled(), { timeout: 10_000, interval: 20 });
        expect(logger.warn.mock.calls).toEqual([[REDIS_DOWN_MESSAGE]]);
      }
    } finally {
      await Promise.all(limiters.map((limiter) => limiter.close()));
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});

describe("the client address a limit counts (TRUST_PROXY, IPv6 by /64)", () => {
  const { points } = RATE_LIMITS.removal.ip;
  /** One removal request (a limit per client address, 200 for every e-mail), from `remoteAddress`, with a forwarding header. */
  const removal = (app: TestApp["app"], remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: "POST",
      url: "/api/v1/user/request-remove",
      payload: { email: uniqueEmail("address") },
      remoteAddress,
      ...(forwardedFor ? { headers: { "x-forwarded-for": forwardedFor } } : {}),
    });
  /** The status codes of `points + 1` requests, each sent as `send(attempt)` says. */
  const burst = async (send: (attempt: number) => Promise<{ statusCode: number }>) => {
    const codes: number[] = [];
    for (let attempt = 0; attempt <= points; attempt++) codes.push((await send(attempt)).statusCode);
    return codes;
  };
  const heldBackAfterLimit = [...Array<number>(points).fill(200), 429];
  const v6 = (network: string) =>
    `${network}:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}::${randomInt(1, 0x10000).toString(16)}`;

  let direct: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
  });
  afterAll(async () => {
    await direct.close();
  });

  it("without TRUST_PROXY, a client cannot choose its address with X-Forwarded-For", async () => {
    const client = randomIp();
    expect(await burst(() => removal(direct.app, client, randomIp()))).toEqual(heldBackAfterLimit);
  });

  it("counts every address of one IPv6 /64 as one client, and another /64 apart", async () => {
    expect(await burst(() => removal(direct.app, v6("2001:db8:56:1")))).toEqual(heldBackAfterLimit);
    expect((await removal(direct.app, "2001:DB8:56:1::9")).statusCode).toBe(429);
    expect((await removal(direct.app, v6("2001:db8:56:2"))).statusCode).toBe(200);
  });

  it("counts an IPv4 client as one, whether its address comes plain or IPv4-mapped", async () => {
    expect(await burst((attempt) => removal(direct.app, attempt % 2 ? "198.51.100.56" : "::ffff:198.51.100.56"))).toEqual(
      heldBackAfterLimit,
    );
  });

  it("with TRUST_PROXY=1, counts the client the one proxy saw, whatever the client wrote before it", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "1" });
    try {
      // The load balancer (any of its nodes) appends the address it saw; the client made up everything before it.
      const client = "203.0.113.56";
      expect(await burst(() => removal(proxied.app, randomIp(), `${randomIp()}, ${randomIp()}, ${client}`))).toEqual(heldBackAfterLimit);
      // Other clients behind the same proxy keep their own counts.
      expect((await removal(proxied.app, randomIp(), `${client}, 203.0.113.57`)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it("with TRUST_PROXY naming the proxies, believes only them", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "10.0.0.0/8, 2001:db8:ffff::/48" });
    try {
      const client = "203.0.113.58";
      // Through two trusted proxies: the address the outer one saw.
      expect(
        await burst(() =>
          removal(proxied.app, randomIp(), `${randomIp()}, ${client}, 2001:db8:ffff::${randomInt(1, 0xffff).toString(16)}`),
        ),
      ).toEqual(heldBackAfterLimit);
      // A client that reaches the server directly is not a proxy: what it forwards is not believed.
      const directClient = "198.51.100.58";
      expect(await burst(() => removal(proxied.app, directClient, randomIp()))).toEqual(heldBackAfterLimit);
    } finally {
      await proxied.close();
    }
  });
});
