import type { CookieSerializeOptions } from "@fastify/cookie";
import type { SignedCookiesResponse } from "@serene/contracts";
import { mediaResourceFor, toUtcSecond, type SubscriptionState } from "@serene/domain";
import type { MediaConfig } from "../../config.ts";
import type { SubscriptionsService } from "../subscriptions/subscriptions.service.ts";
import { COOKIE_NAMES, signCookies, verifySignedCookies, type Verdict } from "./signed-cookies.ts";
import type { SigningKey } from "./signing-key.ts";

/** A cookie to set (or, with a null value, to clear) on the member's browser. */
export interface MediaCookie {
  name: string;
  value: string | null;
  options: CookieSerializeOptions;
}

/** How long a visitor's cookies for one video-sales page's video work: long enough to watch it, no longer. */
export const VISITOR_VIDEO_TTL_MS = 60 * 60 * 1000;
/** A video folder of the free media pack: no wildcard, no way up. */
const VIDEO_FOLDER = /^free\/[a-z0-9-]+\/[a-z0-9-]+$/;

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

  /**
   * Every media cookie this server may have set, expired: each name at its path, with the configured
   * domain and, when one is configured, without it too (a cookie set before the domain was). A sign-in
   * or log-out answer carries these, so the next person on the browser cannot open the previous
   * member's media (decision 056).
   */
  const { domain, ...hostOnly } = options;
  const expiredCookies: MediaCookie[] = Object.values(COOKIE_NAMES).flatMap((name) => [
    { name, value: null, options },
    ...(domain ? [{ name, value: null, options: hostOnly }] : []),
  ]);

  /** Cookies (and the body's values) for one policy: `resource` until `expiresAt`. */
  function cookieSet(resource: string, expiresAt: Date): { cookies: MediaCookie[]; body: SignedCookiesResponse } {
    const cookies = signCookies(key, resource, expiresAt, config.hash);
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
  }

  return {
    /**
     * A visitor's cookie set for one video-sales page: a short-lived policy (VISITOR_VIDEO_TTL_MS) that
     * opens only the folder of that one video (`folder`, relative to the media root, e.g.
     * "free/slow-piano-hours/video"), so the page plays and nothing else does.
     */
    forVisitorVideo(folder: string): { cookies: MediaCookie[]; body: SignedCookiesResponse } {
      if (!VIDEO_FOLDER.test(folder)) throw new Error(`not a video folder of the media pack: ${folder}`);
      return cookieSet(`${config.baseUrl}/${folder}/*`, new Date(now().getTime() + Math.min(config.cookieTtlMs, VISITOR_VIDEO_TTL_MS)));
    },
    /** The member's cookie set: the cookies to set on the browser and the same values for the body. */
    forMember(member: { subscriptions: readonly SubscriptionState[] }): { cookies: MediaCookie[]; body: SignedCookiesResponse } {
      const expiresAt = new Date(now().getTime() + config.cookieTtlMs);
      return cookieSet(mediaResourceFor(config.baseUrl, subscriptions.mayPlayLocked(member)), expiresAt);
    },
    /** The media cookies expired: what a sign-in or log-out answer sends so they leave with the member. */
    expired(): MediaCookie[] {
      return expiredCookies;
    },
    /** Whether the cookies of a request open `mediaPath` (relative to the media root). */
    check(cookies: Partial<Record<string, string>>, mediaPath: string, ip: string): Verdict {
      return verifySignedCookies(cookies, { url: `${config.baseUrl}/${mediaPath}`, ip, now: now() }, key);
    },
  };
}
export type MediaAccess = ReturnType<typeof createMediaAccess>;
