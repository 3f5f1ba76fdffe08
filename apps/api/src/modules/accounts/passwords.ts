import argon2 from "argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { passwordProblems } from "@serene/domain";

/** argon2id with OWASP's baseline cost: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** argon2id at 1 MiB and 1 pass: for tests that are not about passwords, so they spend their time on behaviour. */
const CHEAP_TEST_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

let options: typeof ARGON2_OPTIONS | typeof CHEAP_TEST_OPTIONS = ARGON2_OPTIONS;

/**
 * Switches new hashes (and the rehash check) to the cheap test cost, or back to OWASP's. Only the
 * API's test helpers call it; with NODE_ENV=production it is ignored and the cost stays OWASP's.
 */
export function useCheapPasswordHashing(cheap: boolean) {
  options = cheap && process.env.NODE_ENV !== "production" ? CHEAP_TEST_OPTIONS : ARGON2_OPTIONS;
}

/** About 49,000 of the most used passwords (zxcvbn's frequency list), compared lower-cased. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));

export const commonPasswordCount = () => COMMON_PASSWORDS.size;
export const isCommonPassword = (candidate: string) => COMMON_PASSWORDS.has(candidate.toLowerCase());

/** The messages for a new password that breaks a rule, or an empty list. */
export function newPasswordProblems(password: string, email?: string): string[] {
  return passwordProblems(password, { isCommon: isCommonPassword, email });
}

/**
 * The PHC string format puts argon2's parameters in the order m,t,p, and libargon2, libsodium and
 * PHP refuse any other; the argon2 package writes m,p,t. Stored hashes use the standard order.
 */
const standardParameterOrder = (hash: string) => hash.replace(/^(\$argon2id\$v=\d+)\$m=(\d+),p=(\d+),t=(\d+)\$/, "$1$m=$2,t=$4,p=$3$");

export async function hashPassword(password: string): Promise<string> {
  return standardParameterOrder(await argon2.hash(password, options));
}

/** A hash of a random password, checked when an e-mail is unknown so both answers take as long. */
let decoyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail, social-only account) it
 * still spends the same work on a decoy, so timing does not tell whether the account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a hash was made with weaker settings than today's and should be replaced on login. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, options);
}
