import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { HttpError } from "../http-error";

/**
 * Limits on credential endpoints, each counted twice: per client IP and per account (the e-mail
 * address or code the request names). `points` requests per `seconds`.
 */
export const RATE_LIMITS = {
  login: { ip: { points: 30, seconds: 60 }, account: { points: 10, seconds: 900 } },
  register: { ip: { points: 10, seconds: 600 }, account: { points: 5, seconds: 600 } },
  social: { ip: { points: 30, seconds: 60 }, account: { points: 20, seconds: 900 } },
  recovery: { ip: { points: 10, seconds: 600 }, account: { points: 3, seconds: 900 } },
  removal: { ip: { points: 10, seconds: 600 }, account: { points: 3, seconds: 900 } },
  code: { ip: { points: 20, seconds: 600 }, account: { points: 10, seconds: 900 } },
  password: { ip: { points: 20, seconds: 600 }, account: { points: 10, seconds: 900 } },
  payment: { ip: { points: 60, seconds: 600 }, account: { points: 20, seconds: 600 } },
  // Analytics events: a page sends a few; "account" is the browser session (session_id) when it names one.
  events: { ip: { points: 300, seconds: 60 }, account: { points: 120, seconds: 60 } },
  // The lead lookup by statistic id (a name and an e-mail): "account" is the statistic id asked for.
  lead: { ip: { points: 30, seconds: 600 }, account: { points: 20, seconds: 600 } },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimiter {
  /** Counts one attempt; throws a 429 with Retry-After when the IP or the account is over its limit. */
  consume(name: RateLimitName, ip: string, account?: string | null): Promise<void>;
  /** Forgets the account's count (after a successful login, so typos earlier do not linger). */
  reset(name: RateLimitName, account: string): Promise<void>;
  /** Whether the Redis that shares the counts answers now; null without Redis (counts are in memory by design). */
  sharedStoreAnswers(): Promise<boolean | null>;
  close(): Promise<void>;
}

/** Where the limiter says that Redis cannot be reached, and that it answers again. */
export type RateLimitLogger = { warn(message: string): void; info(message: string): void };

export const REDIS_DOWN_MESSAGE =
  "Redis (REDIS_URL) cannot be reached: rate limits are counted in this process's memory, not shared with other nodes, until it answers";
export const REDIS_BACK_MESSAGE = "Redis (REDIS_URL) answers again: rate limits are shared again";

const hashKey = (value: string) => createHash("sha256").update(value.trim().toLowerCase()).digest("base64url").slice(0, 22);

export function tooManyAttempts(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, `Too many attempts. Please try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`, {
    "retry-after": String(seconds),
  });
}

/**
 * In memory by default; in Redis when a client is given, so every API node shares the counts.
 * `factor` scales every limit (a load test raises it; 1 in normal use). While Redis cannot be
 * reached the counts fall back to memory: the logger hears it once per outage, and again when
 * Redis answers; `sharedStoreAnswers` lets readiness report it.
 */
export function createRateLimiter(options: { redisUrl: string | null; factor: number; logger?: RateLimitLogger }): RateLimiter {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  if (redis) {
    let down = false;
    redis.on("error", () => {
      if (down) return;
      down = true;
      options.logger?.warn(REDIS_DOWN_MESSAGE);
    });
    redis.on("ready", () => {
      if (!down) return;
      down = false;
      options.logger?.info(REDIS_BACK_MESSAGE);
    });
  }
  const limiters = new Map<string, RateLimiterAbstract>();

  function limiter(name: RateLimitName, scope: "ip" | "account"): RateLimiterAbstract {
    const key = `${name}:${scope}`;
    let found = limiters.get(key);
    if (!found) {
      const rule = RATE_LIMITS[name][scope];
      const settings = {
        keyPrefix: `rl:${key}`,
        points: Math.max(1, Math.round(rule.points * options.factor)),
        duration: rule.seconds,
      };
      found = redis
        ? new RateLimiterRedis({ ...settings, storeClient: redis, insuranceLimiter: new RateLimiterMemory(settings) })
        : new RateLimiterMemory(settings);
      limiters.set(key, found);
    }
    return found;
  }

  async function take(name: RateLimitName, scope: "ip" | "account", key: string) {
    try {
      await limiter(name, scope).consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooManyAttempts(rejection.msBeforeNext);
      throw rejection;
    }
  }

  return {
    async consume(name, ip, account) {
      await take(name, "ip", ip);
      if (account) await take(name, "account", hashKey(account));
    },
    async reset(name, account) {
      await limiter(name, "account").delete(hashKey(account));
    },
    async sharedStoreAnswers() {
      if (!redis) return null;
      return redis.ping().then(
        () => true,
        () => false,
      );
    },
    async close() {
      if (redis) await redis.quit().catch(() => undefined);
    },
  };
}
