import { afterOwnershipProof, type OwnershipProof } from "@serene/domain";
import type { AccountsRepository, UserRow } from "./accounts.repository.ts";
import type { AccessTokens } from "./access-tokens.ts";

/** The repository bound to a transaction. */
export type AccountsTx = Omit<AccountsRepository, "transaction">;

export interface Proof {
  kind: OwnershipProof;
  /** The new password's hash, when the proof sets one (a reset). */
  passwordHash?: string;
  /** The live session the prover presented, when it is one of this account's. */
  keepTokenId?: string | null;
}

/**
 * The owner of the address has proven it (decision 050): on an account whose address was not
 * proven yet, every way in that did not come through this proof ends, and a password nobody
 * proved ownership with stops working. Runs inside the caller's transaction; answers the account
 * as it is now.
 */
export async function proveOwnership(tx: AccountsTx, user: UserRow, proof: Proof, at: Date): Promise<UserRow> {
  const outcome = afterOwnershipProof(
    { proven: user.emailVerifiedAt !== null, hasPassword: user.passwordHash !== null },
    { kind: proof.kind, setsPassword: proof.passwordHash !== undefined, presentedOwnSession: Boolean(proof.keepTokenId) },
  );
  if (outcome.endOtherAccess) await tx.endOtherAccess(user.id, at, outcome.keepSession ? (proof.keepTokenId ?? undefined) : undefined);
  const changes = {
    ...(outcome.markProven ? { emailVerifiedAt: at } : {}),
    ...(outcome.clearPassword ? { passwordHash: null } : {}),
    ...(proof.passwordHash !== undefined ? { passwordHash: proof.passwordHash } : {}),
  };
  if (Object.keys(changes).length === 0) return user;
  return (await tx.updateUser(user.id, changes)) ?? user;
}

/** The id of the session a request presented, when it is a live one of `userId`'s; else null. */
export async function presentedSessionOf(accessTokens: AccessTokens, bearer: string | null, userId: string): Promise<string | null> {
  if (!bearer) return null;
  const signIn = await accessTokens.authenticate(bearer);
  return signIn?.user.id === userId ? signIn.tokenId : null;
}
