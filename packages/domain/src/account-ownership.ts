/**
 * One owner per e-mail address (docs/decisions/050-one-owner-per-address.md).
 *
 * Anyone can open an account under an address they do not own: registration takes any e-mail
 * with the registrant's own password, and the sandbox identity provider vouches for any address
 * typed into it. Such an account is *unproven* (`emailVerifiedAt` is null). The person who owns
 * the address proves it by anything that reached their inbox or their verified identity:
 *
 *   - an e-mailed single-use sign-in link (the welcome link, the quiz result link),
 *   - a password reset (its link went to the inbox),
 *   - the link a lead's own inbox received (the offer page, the invitation to choose a password),
 *   - a sign-in with a real provider that verified the address (Google, Apple, Facebook).
 *
 * At the first proof the account becomes the prover's, and every way in that did not come
 * through that proof ends: access tokens, trusted browsers, linked sign-in identities, a pending
 * e-mail change, and a password nobody proved ownership with. One way in survives: the session
 * the prover presents when it belongs to the same account, since then the person who set the
 * password and the owner of the inbox are the same browser (a member who registered and then
 * followed their own welcome link keeps their session and their password).
 *
 * An account whose address is proven already is left alone by a later proof: its password was
 * chosen by the owner (or by the browser the owner proved from), and its sessions came from there.
 *
 * These are the pre-account-takeover ("pre-hijacking") classes this closes (Sudhodanan and
 * Paverd, 2022): classic federated merge (a provider sign-in joining an attacker's password
 * account), unexpired session (the attacker's sessions outliving the owner's arrival), trojan
 * identifier (an identity linked while the address was unproven), unexpired e-mail change (an
 * e-mail change requested before the address was proven), and non-verifying identity provider
 * (the sandbox).
 */

/** How the address was proven. */
export type OwnershipProof = "email_link" | "password_reset" | "lead_link" | "verified_provider";

/** What a proof does to the account. */
export interface ProofOutcome {
  /** The address becomes proven (`emailVerifiedAt` set). */
  markProven: boolean;
  /** Every access token, trusted browser, linked identity and pending e-mail change ends (but `keepSession`). */
  endOtherAccess: boolean;
  /** The session the prover presented survives (it belongs to this account). */
  keepSession: boolean;
  /** The password stops working; the owner chooses their own (a reset sets it at once). */
  clearPassword: boolean;
}

const NOTHING: ProofOutcome = { markProven: false, endOtherAccess: false, keepSession: true, clearPassword: false };

/**
 * What proving the address does to an account.
 * @param account whether the address is proven already and whether the account has a password
 * @param proof how it was proven, whether the proof sets a new password (a reset does), and whether
 *   the prover presented a live session of this same account
 */
export function afterOwnershipProof(
  account: { proven: boolean; hasPassword: boolean },
  proof: { kind: OwnershipProof; setsPassword: boolean; presentedOwnSession: boolean },
): ProofOutcome {
  if (account.proven) return NOTHING;
  const keepSession = proof.presentedOwnSession;
  return {
    markProven: true,
    endOtherAccess: true,
    keepSession,
    // The prover's own browser set the password, or the proof sets a new one.
    clearPassword: account.hasPassword && !proof.setsPassword && !keepSession,
  };
}

/** Whether the account may move to another e-mail address: only once its own address is proven. */
export const mayChangeEmail = (account: { proven: boolean }): boolean => account.proven;

/** The message of an e-mail change refused because the address is not proven yet. */
export const PROVE_ADDRESS_FIRST_MESSAGE =
  "Please confirm your current e-mail address first: open the link we e-mailed you, or reset your password from the log-in page.";
