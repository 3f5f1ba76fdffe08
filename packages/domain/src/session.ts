/** How long a session token lives (docs/decisions/007-accounts-and-sessions.md). */
export interface SessionLifetime {
  /** Unused for this long, the token expires; each refresh starts the idle period again. */
  idleMs: number;
  /** Never valid beyond this long after it was issued, however often it is refreshed. */
  absoluteMs: number;
}

/** The moment a token stops working when it was issued at `issuedAt` and last refreshed at `now`. */
export function sessionExpiry(issuedAt: Date, now: Date, lifetime: SessionLifetime): Date {
  const idle = now.getTime() + lifetime.idleMs;
  const absolute = issuedAt.getTime() + lifetime.absoluteMs;
  return new Date(Math.min(idle, absolute));
}

/** Whether a token issued at `issuedAt` and expiring at `expiresAt` still works at `now`. */
export function isSessionLive(issuedAt: Date, expiresAt: Date, now: Date, lifetime: SessionLifetime): boolean {
  return now < expiresAt && now.getTime() < issuedAt.getTime() + lifetime.absoluteMs;
}
