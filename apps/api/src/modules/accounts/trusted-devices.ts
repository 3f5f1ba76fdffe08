import type { CookieSerializeOptions } from "@fastify/cookie";
import { DAY_MS, SIGN_IN_THROTTLE } from "@serene/domain";
import type { AccountsRepository, UserRow } from "./accounts.repository.ts";
import { hashSecret, newSecret } from "./secrets.ts";

/** The cookie that tells the sign-in throttle a browser has signed in to the account before. */
export const TRUSTED_DEVICE_COOKIE = "trusted_device";
/** Only the log-in call reads it. */
const COOKIE_PATH = "/api/v1/user/token";
/** What `newSecret` makes: 32 random bytes, base64url. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** A cookie to set on the browser. */
export interface TrustedDeviceCookie {
  name: string;
  value: string;
  options: CookieSerializeOptions;
}

/**
 * Browsers an account trusts (OWASP's device cookies): after a successful password sign-in the
 * browser gets an HttpOnly cookie holding a fresh random secret; the server keeps only a hash of
 * the account id with the secret (in `account_codes`, purpose `trusted_device`, for
 * `trustedDeviceDays`), so the cookie cannot be forged, works only for that account, and goes
 * with the account. A browser that shows it is counted on its own by the sign-in throttle and is
 * never held back by failures from elsewhere.
 */
export function createTrustedDevices(repo: AccountsRepository, options: { appUrl: string; now: () => Date }) {
  const lifetimeMs = SIGN_IN_THROTTLE.trustedDeviceDays * DAY_MS;
  const markOf = (userId: string, secret: string) => hashSecret(`${userId}:${secret}`);
  const cookieOptions: CookieSerializeOptions = {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: options.appUrl.startsWith("https:"),
    maxAge: lifetimeMs / 1000,
  };

  return {
    /**
     * The trust id of the browser's cookie for this account, or null. A well-formed cookie is
     * looked up whether or not the account exists, so the lookup tells nothing about the address.
     */
    async recognise(user: UserRow | null, cookie: string | undefined): Promise<string | null> {
      if (!cookie || !SECRET.test(cookie)) return null;
      const found = await repo.findLiveCode(markOf(user?.id ?? "", cookie), "trusted_device", options.now());
      return found && user && found.userId === user.id ? found.id : null;
    },

    /** Trusts the browser for the account: a fresh secret (never one the browser brought), kept as a hash. */
    async trust(userId: string): Promise<TrustedDeviceCookie> {
      const secret = newSecret();
      await repo.insertCode({
        userId,
        purpose: "trusted_device",
        codeHash: markOf(userId, secret),
        expiresAt: new Date(options.now().getTime() + lifetimeMs),
      });
      return { name: TRUSTED_DEVICE_COOKIE, value: secret, options: cookieOptions };
    },
  };
}
export type TrustedDevices = ReturnType<typeof createTrustedDevices>;
