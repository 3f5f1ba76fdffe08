import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { clientKey, SIGN_IN_THROTTLE } from "@serene/domain";
import { HttpError } from "../http-error.ts";
import { createSignInThrottle, type SignInThrottle } from "./sign-in-throttle.ts";

/**
 * Limits on credential endpoints, each counted twice: per client address and per account (the e-mail
 * address or code the request names). The address is counted by `clientKey`: an IPv4 address whole,
 * an IPv6 address by its /64 (decision 056). `points` requests per `seconds`. Password sign-in is the
 * exception (`signIn` below): its IP count takes every attempt, its account count only the
 * failures of sources the account does not trust, and each source is slowed down on its own.
 */
export const RATE_LIMITS = {
  login: {
    ip: { points: 30, seconds: 60 },
    account: { points: SIGN_IN_THROTTLE.untrustedAccountFailures, seconds: SIGN_IN_THROTTLE.windowSeconds },
  },
  register: { ip: { points: 10, seconds: 600 }, account: { points: 5, seconds: 600 } },
  // The operator console (decision 067): a staff password per address and per e-mail; second-factor codes per address and per challenge.
  staffSignIn: { ip: { points: 10, seconds: 600 }, account: { points: 5, seconds: 900 } },
  staffCode: { ip: { points: 20, seconds: 600 }, account: { points: 10, seconds: 900 } },
  staffInvitation: { ip: { points: 20, seconds: 600 }, account: { points: 10, seconds: 600 } },
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
  // POST and PUT /lead send an e-mail: per client address, and per e-mail address written to ("account").
  leadSend: { ip: { points: 20, seconds: 600 }, account: { points: 5, seconds: 600 } },
  // POST /lead/{id}/account opens an account and e-mails a password: like registration. "account" is the lead id.
  leadAccount: { ip: { points: 10, seconds: 600 }, account: { points: 5, seconds: 600 } },
  // GET /lead/{id}: a page reload reads it again; the id is an unguessable uuid. "account" is the lead id.
  leadRead: { ip: { points: 300, seconds: 600 }, account: { points: 120, seconds: 600 } },
  // Quiz answers: a person sends one or a few per quiz; generous for shared addresses (offices, schools).
  quiz: { ip: { points: 120, seconds: 600 }, account: { points: 120, seconds: 600 } },
  // Coming-soon pages (members only): "account" is the signed-in member. A page loads once per visit.
  comingSoon: { ip: { points: 120, seconds: 60 }, account: { points: 30, seconds: 60 } },
  // Coming-soon sign-ups: a person signs up once or corrects it a few times.
  comingSoonLead: { ip: { points: 30, seconds: 600 }, account: { points: 10, seconds: 600 } },
  // Writing, editing and deleting notes (members only): "account" is the signed-in member. Generous for a
  // person typing; a loop is held back.
  noteWrite: { ip: { points: 240, seconds: 60 }, account: { points: 60, seconds: 60 } },
  // Saving, editing and deleting mixes in the Sounds mixer (members only): "account" is the signed-in member. A person
  // saves a few mixes; a loop is held back.
  mixWrite: { ip: { points: 240, seconds: 60 }, account: { points: 60, seconds: 60 } },
  // Saving and deleting worksheets (members only): "account" is the signed-in member. A workbook takes minutes to
  // fill in; a loop is held back.
  workbookWrite: { ip: { points: 240, seconds: 60 }, account: { points: 30, seconds: 60 } },
  // "Download my data" (the JSON file and the three CSV files, members only): "account" is the signed-in member.
  // Each file reads every table of the member; twenty files an hour is five full downloads.
  dataExport: { ip: { points: 60, seconds: 3600 }, account: { points: 20, seconds: 3600 } },
  // Copying a share link (members only): "account" is the signed-in member. A person shares a few items; a loop
  // that fills content_shares is held back.
  share: { ip: { points: 120, seconds: 60 }, account: { points: 20, seconds: 60 } },
  // Listening reports (members only): "account" is the signed-in member. The player sends one when a session ends
  // (an item played to its end, another started, the player closed, the page left): a person skipping through items
  // sends a few a minute; a loop that writes made-up listening is held back (decision 054).
  listening: { ip: { points: 240, seconds: 60 }, account: { points: 30, seconds: 60 } },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimiter {
  /**
   * Counts one attempt; throws a 429 with Retry-After when the client address (`request.ip`, keyed by
   * `clientKey`) or the account is over its limit.
   */
  consume(name: RateLimitName, ip: string, account?: string | null): Promise<void>;
  /** Forgets the account's count. */
  reset(name: RateLimitName, account: string): Promise<void>;
  /** Password sign-in: growing waits per account and source, never locking the owner's trusted browser out. */
  signIn: SignInThrottle;
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
  const scaled = (points: number) => Math.max(1, Math.round(points * options.factor));

  function counter(keyPrefix: string, points: number, duration: number): RateLimiterAbstract {
    const settings = { keyPrefix, points, duration };
    return redis
      ? new RateLimiterRedis({ ...settings, storeClient: redis, insuranceLimiter: new RateLimiterMemory(settings) })
      : new RateLimiterMemory(settings);
  }

  function limiter(name: RateLimitName, scope: "ip" | "account"): RateLimiterAbstract {
    const key = `${name}:${scope}`;
    let found = limiters.get(key);
    if (!found) {
      const rule = RATE_LIMITS[name][scope];
      found = counter(`rl:${key}`, scaled(rule.points), rule.seconds);
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
      await take(name, "ip", clientKey(ip));
      if (account) await take(name, "account", hashKey(account));
    },
    async reset(name, account) {
      await limiter(name, "account").delete(hashKey(account));
    },
    signIn: createSignInThrottle(
      {
        failures: counter("rl:login:source", Number.MAX_SAFE_INTEGER, SIGN_IN_THROTTLE.windowSeconds),
        holds: counter("rl:login:wait", 1, SIGN_IN_THROTTLE.maxDelaySeconds),
        untrusted: limiter("login", "account"),
      },
      { ...SIGN_IN_THROTTLE, freeFailures: scaled(SIGN_IN_THROTTLE.freeFailures) },
      { hashKey, refuse: tooManyAttempts },
    ),
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
