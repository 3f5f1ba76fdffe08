import { api } from "../../../lib/api-client";
import { whenSessionChanges } from "../../../lib/session";

/** Ask again this long before the set runs out, so no segment is refused on the way. */
const MARGIN_MS = 60_000;

let current: { expiresAt: number; pending: Promise<number> } | null = null;

async function fetchCookies(): Promise<number> {
  // The client takes off a `{ data }` envelope if the answer has one.
  const body = await api.get("user/cloudfront-cookies", { silent: true });
  const expiresAt = Date.parse(body.expires_at);
  // The browser keeps the cookies the answer set; only their lifetime matters here.
  return Number.isFinite(expiresAt) ? expiresAt : Date.now() + 5 * 60_000;
}

/**
 * GET /user/cloudfront-cookies once, then again only when the set is about to expire (or `force`,
 * after the media answered 403). Resolves with the expiry time in ms.
 */
export function ensureSignedCookies(force = false): Promise<number> {
  if (!force && current && current.expiresAt - MARGIN_MS > Date.now()) return current.pending;
  const entry = { expiresAt: Number.POSITIVE_INFINITY, pending: fetchCookies() };
  current = entry;
  entry.pending.then(
    (expiresAt) => {
      entry.expiresAt = expiresAt;
    },
    () => {
      if (current === entry) current = null;
    },
  );
  return entry.pending;
}

/** Forget the set (a member logged out or the tests start over). */
export function forgetSignedCookies() {
  current = null;
}

// A sign-in or log-out answer expires the browser's media cookies (decision 056): the next stream asks for the new member's set.
whenSessionChanges(forgetSignedCookies);

/**
 * Keeps the signed cookies fresh while the player is open, so a long session never meets a 403 on
 * its next segment: a new set is fetched a minute before the current one expires.
 */
export function keepSignedCookiesFresh(): () => void {
  let timer: number | undefined;
  let stopped = false;
  const schedule = (expiresAt: number) => {
    if (stopped) return;
    const wait = Math.max(10_000, expiresAt - MARGIN_MS - Date.now());
    // setTimeout holds at most about 24.8 days.
    timer = window.setTimeout(() => void ensureSignedCookies(true).then(schedule, retry), Math.min(wait, 2_000_000_000));
  };
  const retry = () => schedule(Date.now() + MARGIN_MS + 30_000);
  ensureSignedCookies().then(schedule, retry);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
