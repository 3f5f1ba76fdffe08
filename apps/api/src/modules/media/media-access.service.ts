import type { CookieSerializeOptions } from "@fastify/cookie";
import type { SignedCookiesResponse } from "@serene/contracts";
import { mediaResourceFor, toUtcSecond, type SubscriptionState } from "@serene/domain";
import type { MediaConfig } from "../../config";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service";
import { COOKIE_NAMES, signCookies, verifySignedCookies, type Verdict } from "./signed-cookies";
import type { SigningKey } from "./signing-key";

/** A cookie to set (or, with a null value, to clear) on the member's browser. */
export interface MediaCookie {
  name: string;
  value: string | null;
  options: CookieSerializeOptions;
}

/**
 * Signed cookies for streaming: a subscriber's cover all media, everyone else's the free folder
 * only, so locked media stays closed even at a guessed address. Who is a subscriber is the
 * subscriptions module's answer.
 */
export function createMediaAccess(
  config: MediaConfig,
  key: SigningKey,
  subscriptions: Pick<SubscriptionsService, "mayPlayLocked">,
  now: () => Date = () => new Date(),
) {
  const options: CookieSerializeOptions = {
    path: "/",
    httpOnly: true,
    secure: config.baseUrl.startsWith("https:"),
    sameSite: "lax",
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
  };

  return {
    /** The member's cookie set: the cookies to set on the browser and the same values for the body. */
    forMember(member: { subscriptions: readonly SubscriptionState[] }): { cookies: MediaCookie[]; body: SignedCookiesResponse } {
      const expiresAt = new Date(now().getTime() + config.cookieTtlMs);
      const cookies = signCookies(key, mediaResourceFor(config.baseUrl, subscriptions.mayPlayLocked(member)), expiresAt, config.hash);
      return {
        body: { policy: cookies.policy, signature: cookies.signature, key_pair_id: cookies.keyPairId, expires_at: toUtcSecond(expiresAt) },
        cookies: [
          { name: COOKIE_NAMES.policy, value: cookies.policy, options },
          { name: COOKIE_NAMES.signature, value: cookies.signature, options },
          { name: COOKIE_NAMES.keyPairId, value: cookies.keyPairId, options },
          // Only a custom hash names its algorithm; an old cookie naming one must go.
          {
            name: COOKIE_NAMES.hashAlgorithm,
            value: cookies.hashAlgorithm ?? null,
            options: cookies.hashAlgorithm ? options : { path: "/" },
          },
        ],
      };
    },
    /** Whether the cookies of a request open `mediaPath` (relative to the media root). */
    check(cookies: Partial<Record<string, string>>, mediaPath: string, ip: string): Verdict {
      return verifySignedCookies(cookies, { url: `${config.baseUrl}/${mediaPath}`, ip, now: now() }, key);
    },
  };
}
export type MediaAccess = ReturnType<typeof createMediaAccess>;
