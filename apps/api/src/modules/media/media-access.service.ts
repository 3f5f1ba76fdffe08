import type { SignedCookiesResponse } from "@serene/contracts";
import { mediaResourceFor, toUtcSecond } from "@serene/domain";
import type { MediaConfig } from "../../config";
import { signCookies, verifySignedCookies, type SignedCookieSet, type Verdict } from "./signed-cookies";
import type { SigningKey } from "./signing-key";

/**
 * Signed cookies for streaming: a subscriber's cover all media, everyone else's the free folder
 * only, so locked media stays closed even at a guessed address.
 */
export function createMediaAccess(config: MediaConfig, key: SigningKey, now: () => Date = () => new Date()) {
  return {
    /** A cookie set for a member; `subscriber` says whether they may play locked media. */
    issue(subscriber: boolean): { cookies: SignedCookieSet; body: SignedCookiesResponse; expiresAt: Date } {
      const expiresAt = new Date(now().getTime() + config.cookieTtlMs);
      const cookies = signCookies(key, mediaResourceFor(config.baseUrl, subscriber), expiresAt, config.hash);
      return {
        cookies,
        expiresAt,
        body: { policy: cookies.policy, signature: cookies.signature, key_pair_id: cookies.keyPairId, expires_at: toUtcSecond(expiresAt) },
      };
    },
    /** Whether the cookies of a request open `mediaPath` (relative to the media root). */
    check(cookies: Partial<Record<string, string>>, mediaPath: string, ip: string): Verdict {
      return verifySignedCookies(cookies, { url: `${config.baseUrl}/${mediaPath}`, ip, now: now() }, key);
    },
  };
}
export type MediaAccess = ReturnType<typeof createMediaAccess>;
