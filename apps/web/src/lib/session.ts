import { refreshSessionToken } from "./server-data/session";
import { forgetOfflineData } from "./offline-data";
import { queryClient } from "./query-client";
import { STORAGE_KEYS, getToken, setToken, storage } from "./storage";

/** How often a stored token is refreshed (spec 000 section 9, spec 001 section 9). */
export const TOKEN_REFRESH_MS = 300_000;

/**
 * A new session: the token is kept under `t` (spec 000 section 3). Whatever an earlier session on this
 * device kept for offline use (its downloads, its catalogue) goes: it belonged to that session (decision 047).
 */
export function startSession(token: string) {
  setToken(token);
  void forgetOfflineData();
  sessionChanged();
}

const onSessionChange = new Set<() => void>();

/**
 * Work to do whenever a session on this device begins or ends: what the browser kept for the previous
 * one goes (the media cookies' expiry, decision 056). Returns the way to stop listening.
 */
export function whenSessionChanges(listener: () => void): () => void {
  onSessionChange.add(listener);
  return () => onSessionChange.delete(listener);
}

function sessionChanged() {
  for (const listener of onSessionChange) listener();
}

const beforeSignOut = new Set<() => void>();

/**
 * Work to do while the token still works, just before the member signs out (what plays stops, reports its
 * session and keeps its place). Returns the way to stop listening.
 */
export function whenSigningOut(listener: () => void): () => void {
  beforeSignOut.add(listener);
  return () => beforeSignOut.delete(listener);
}

/** The member is signing out: runs the work registered with whenSigningOut. */
export function signingOut() {
  for (const listener of beforeSignOut) listener();
}

/**
 * The end of a session on this device (log out): the token and local storage go (spec 001
 * section 4). The cookie-consent answer, the offers' clocks and the chosen theme stay: they belong
 * to the browser, not to the account (an offer never starts again by logging out).
 */
export function endSession() {
  storage.clear([STORAGE_KEYS.consent, STORAGE_KEYS.offerDeadlines, STORAGE_KEYS.theme, STORAGE_KEYS.captions]);
  sessionChanged();
}

/**
 * Drops everything cached from the member's calls. Called once the member's page is gone, so no
 * mounted page refetches without a token in between.
 */
export function forgetMemberData() {
  queryClient.clear();
}

/** POST user/token/refresh: a fresh token for the stored one, kept silently. */
async function refreshToken(): Promise<void> {
  const sent = getToken();
  if (!sent) return;
  const { token } = await refreshSessionToken();
  // A login or log-out while the call was on its way wins over this answer.
  if (getToken() === sent) setToken(token);
}

/** Refreshes the token every TOKEN_REFRESH_MS while one is stored. Returns the stop function. */
export function startTokenRefresh(): () => void {
  const timer = window.setInterval(() => {
    if (getToken()) refreshToken().catch(() => undefined);
  }, TOKEN_REFRESH_MS);
  return () => window.clearInterval(timer);
}
