import { sessionExpiry, type SessionLifetime } from "@serene/domain";
import type { AccountsRepository, UserRow } from "./accounts.repository.ts";
import { hashSecret, newSecret } from "./secrets.ts";

/** A member signed in with a live access token, and what every member route needs about them. */
export interface SignIn {
  user: UserRow;
  tokenId: string;
  issuedAt: Date;
  /** Item ids the member marked as favourite, read with the token. */
  favorites: number[];
  /** The member's subscriptions (status and end of access), read with the token. */
  subscriptions: { status: string; currentPeriodEnd: Date | null }[];
}

/**
 * Opaque access tokens, the member's sign-ins (listening sessions live in the library): 256
 * random bits, kept only as a SHA-256. A token dies after the idle period without a refresh, and
 * never lives past the absolute lifetime.
 */
export function createAccessTokens(repo: AccountsRepository, lifetime: SessionLifetime, now: () => Date = () => new Date()) {
  return {
    async issue(userId: string, deviceName = "web", tx: Pick<AccountsRepository, "insertToken"> = repo): Promise<string> {
      const token = newSecret();
      const issuedAt = now();
      await tx.insertToken({
        userId,
        tokenHash: hashSecret(token),
        deviceName: deviceName || "web",
        expiresAt: sessionExpiry(issuedAt, issuedAt, lifetime),
      });
      return token;
    },
    async authenticate(token: string): Promise<SignIn | null> {
      if (!token || token.length > 200) return null;
      const found = await repo.findLiveToken(hashSecret(token), now());
      if (!found) return null;
      return {
        user: found.user,
        tokenId: found.token.id,
        issuedAt: found.token.createdAt,
        favorites: found.favorites ?? [],
        subscriptions: (found.subscriptions ?? []).map((s) => ({
          status: s.status,
          currentPeriodEnd: s.period_end ? new Date(s.period_end) : null,
        })),
      };
    },
    /** Starts the idle period again (bounded by the absolute lifetime); returns the new expiry. */
    async refresh(signIn: SignIn): Promise<Date> {
      const at = now();
      const expiresAt = sessionExpiry(signIn.issuedAt, at, lifetime);
      await repo.touchToken(signIn.tokenId, at, expiresAt);
      return expiresAt;
    },
    revoke: (signIn: SignIn) => repo.deleteToken(signIn.tokenId, signIn.user.id),
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
