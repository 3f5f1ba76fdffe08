import { sessionExpiry, type SessionLifetime } from "@serene/domain";
import type { AccountsRepository, UserRow } from "./accounts.repository";
import { hashSecret, newSecret } from "./secrets";

export interface Session {
  user: UserRow;
  tokenId: string;
  issuedAt: Date;
  /** Item ids the member marked as favourite, read with the token. */
  favorites: number[];
  /** The member's subscriptions (status and end of access), read with the token. */
  subscriptions: { status: string; currentPeriodEnd: Date | null }[];
}

/**
 * Opaque session tokens: 256 random bits, kept only as a SHA-256. A token dies after the idle
 * period without a refresh, and never lives past the absolute lifetime.
 */
export function createSessions(repo: AccountsRepository, lifetime: SessionLifetime, now: () => Date = () => new Date()) {
  return {
    async issue(userId: string, deviceName = "web", tx: Pick<AccountsRepository, "insertToken"> = repo): Promise<string> {
      const token = newSecret();
      const issuedAt = now();
      await tx.insertToken({ userId, tokenHash: hashSecret(token), deviceName: deviceName || "web", expiresAt: sessionExpiry(issuedAt, issuedAt, lifetime) });
      return token;
    },
    async authenticate(token: string): Promise<Session | null> {
      if (!token || token.length > 200) return null;
      const found = await repo.findLiveToken(hashSecret(token), now());
      if (!found) return null;
      return {
        user: found.user,
        tokenId: found.token.id,
        issuedAt: found.token.createdAt,
        favorites: found.favorites ?? [],
        subscriptions: (found.subscriptions ?? []).map((s) => ({ status: s.status, currentPeriodEnd: s.period_end ? new Date(s.period_end) : null })),
      };
    },
    /** Starts the idle period again (bounded by the absolute lifetime); returns the new expiry. */
    async refresh(session: Session): Promise<Date> {
      const at = now();
      const expiresAt = sessionExpiry(session.issuedAt, at, lifetime);
      await repo.touchToken(session.tokenId, at, expiresAt);
      return expiresAt;
    },
    revoke: (session: Session) => repo.deleteToken(session.tokenId, session.user.id),
  };
}
export type Sessions = ReturnType<typeof createSessions>;
