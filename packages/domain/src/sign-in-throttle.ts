/**
 * Sign-in throttling: password guessing is slowed down without letting anyone lock the owner out
 * (docs/decisions/020-sign-in-throttling-and-even-timing.md). It follows OWASP's "Slow Down
 * Online Guessing Attacks with Device Cookies":
 *
 * - Failed sign-ins are counted per account and *source*. The source is the browser when it
 *   holds a valid trusted-device cookie for that account (issued after a successful sign-in to
 *   it), otherwise the client address (an IPv6 address by its /64 network, which one subscriber
 *   usually holds whole).
 * - A source has `freeFailures` failures free. After that it waits before its next attempt:
 *   `signInDelaySeconds(failures)`, 1 s after the 6th failure, then 2 s, 4 s, … doubling up to
 *   `maxDelaySeconds` (15 minutes). An attempt during the wait is refused (429 with Retry-After)
 *   without the password being checked, and is not counted.
 * - A source's failures are forgotten `windowSeconds` after its first one, and at once when it
 *   signs in successfully.
 * - Failures from untrusted sources also count for the account as a whole: after
 *   `untrustedAccountFailures` in a window, untrusted sources are refused for the rest of the
 *   window. This stops a guesser spread over many addresses. A trusted browser is never held
 *   back by that count, only by its own failures, so the owner's usual browser always gets in.
 * - Separately, every client address has a ceiling on attempts across all accounts
 *   (RATE_LIMITS.login.ip in the API).
 *
 * One guesser on one address gets `freeFailures` guesses at once, ten more in the next
 * seventeen minutes, then one per 15 minutes: `guessesWithin(3600)` is 18 in the first hour.
 * Owners elsewhere (another address, or their trusted browser anywhere) are not affected.
 */

export interface SignInThrottlePolicy {
  /** Failures a source may make on one account before it has to wait. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstDelaySeconds: number;
  /** The longest wait between two attempts of one source. */
  maxDelaySeconds: number;
  /** How long failures are remembered, from the first one of a window. */
  windowSeconds: number;
  /** Failures on one account from untrusted sources, within a window, before untrusted sources are refused. */
  untrustedAccountFailures: number;
  /** How long a browser stays trusted for an account after a successful sign-in. */
  trustedDeviceDays: number;
}

export const SIGN_IN_THROTTLE: SignInThrottlePolicy = {
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  windowSeconds: 60 * 60,
  untrustedAccountFailures: 50,
  trustedDeviceDays: 180,
};

/**
 * Seconds a source must wait before its next attempt after `failures` failed sign-ins on one
 * account: 0 up to `freeFailures`, then `firstDelaySeconds` doubling with each failure, capped
 * at `maxDelaySeconds`. Never negative; grows with the number of failures and never shrinks.
 */
export function signInDelaySeconds(failures: number, policy: SignInThrottlePolicy = SIGN_IN_THROTTLE): number {
  if (!(failures > policy.freeFailures)) return 0; // also NaN and negative counts
  const doublings = Math.floor(failures) - policy.freeFailures - 1;
  if (doublings >= 52) return policy.maxDelaySeconds;
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** doublings);
}

/**
 * How many guesses one source can make on one account within `seconds` when it always tries
 * again as soon as it may, and every guess fails (assuming the window does not restart).
 */
export function guessesWithin(seconds: number, policy: SignInThrottlePolicy = SIGN_IN_THROTTLE): number {
  let guesses = 0;
  let at = 0;
  while (at <= seconds) {
    guesses++;
    const wait = signInDelaySeconds(guesses, policy);
    if (wait === 0 && guesses > 10_000) break; // a policy without delays: unbounded
    at += wait;
  }
  return guesses;
}
