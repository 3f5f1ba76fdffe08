import { clientKey, signInDelaySeconds, type SignInThrottlePolicy } from "@serene/domain";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * Where a sign-in attempt comes from: the browser's trusted-device id when it holds a valid
 * trusted-device cookie for the account, otherwise the client address (counted by `clientKey`:
 * IPv6 by its /64).
 */
export type SignInSource = { device: string } | { ip: string };

/**
 * Password sign-in throttling, counted per account and source with growing waits, plus an
 * account-wide count for untrusted sources (the policy: `signInDelaySeconds` in @serene/domain).
 */
export interface SignInThrottle {
  /**
   * Before the password is checked. Throws a 429 with Retry-After when this source has to wait,
   * or when it is untrusted and the account is holding untrusted sources back. Otherwise counts
   * the attempt as a failure until `succeeded` says otherwise, so attempts sent in parallel
   * cannot slip past the wait together.
   */
  attempt(account: string, source: SignInSource): Promise<void>;
  /** After a wrong password: an untrusted source's failure also counts for the whole account. */
  failed(account: string, source: SignInSource): Promise<void>;
  /** After the right password: this source's failures and wait are forgotten. */
  succeeded(account: string, source: SignInSource): Promise<void>;
}

export interface SignInCounters {
  /** Attempts per account and source since the last success, for a window. Never refuses. */
  failures: RateLimiterAbstract;
  /** One point per account and source while it has to wait; the wait is the point's lifetime. */
  holds: RateLimiterAbstract;
  /** Failures per account from untrusted sources, refusing them once its points are spent. */
  untrusted: RateLimiterAbstract;
}

const rejected = (error: unknown): RateLimiterRes => {
  if (error instanceof RateLimiterRes) return error;
  throw error;
};

/**
 * The throttle over its counters (rate-limit.ts makes them, in memory or Redis). `hashKey` turns
 * an address or a combined key into a short store key; `refuse` makes the 429 for a wait in ms.
 */
export function createSignInThrottle(
  counters: SignInCounters,
  policy: SignInThrottlePolicy,
  { hashKey, refuse }: { hashKey: (value: string) => string; refuse: (msBeforeNext: number) => Error },
): SignInThrottle {
  const sourceKey = (account: string, source: SignInSource) =>
    hashKey(`${hashKey(account)}|${"device" in source ? `device:${source.device}` : `address:${clientKey(source.ip)}`}`);

  return {
    async attempt(account, source) {
      if (!("device" in source)) {
        const spent = await counters.untrusted.get(hashKey(account));
        if (spent && spent.consumedPoints >= counters.untrusted.points) throw refuse(spent.msBeforeNext);
      }
      const key = sourceKey(account, source);
      const attempts = (await counters.failures.penalty(key, 1)).consumedPoints;
      // If this attempt fails too, the next one waits this long; a wait still running refuses it.
      const wait = signInDelaySeconds(attempts, policy);
      let refusal: RateLimiterRes | null = null;
      if (wait > 0) {
        await counters.holds.consume(key, 1, { customDuration: wait }).catch((error: unknown) => (refusal = rejected(error)));
      } else {
        const hold = await counters.holds.get(key);
        if (hold && hold.consumedPoints >= counters.holds.points) refusal = hold;
      }
      if (refusal) {
        // A refused attempt checked no password: it is not a failure.
        await counters.failures.reward(key, 1);
        throw refuse((refusal as RateLimiterRes).msBeforeNext);
      }
    },
    async failed(account, source) {
      if (!("device" in source)) await counters.untrusted.penalty(hashKey(account), 1);
    },
    async succeeded(account, source) {
      const key = sourceKey(account, source);
      await Promise.all([counters.failures.delete(key), counters.holds.delete(key)]);
    },
  };
}
