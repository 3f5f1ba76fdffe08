import { createHash, randomBytes, randomInt } from "node:crypto";

/** A new opaque secret: 256 bits from the system's secure random source, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a token or code: its SHA-256. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/** Letters and digits that cannot be mistaken for one another when read from an e-mail (no l, 1, o, 0, i). */
const READABLE = "abcdefghjkmnpqrstuvwxyz23456789";

/**
 * A temporary password someone can copy from an e-mail: three groups of four readable characters
 * from the secure random source ("k7pm-x3qr-9tzw", 14 characters, about 59 bits).
 */
export function temporaryPassword(): string {
  const group = () => Array.from({ length: 4 }, () => READABLE[randomInt(READABLE.length)]).join("");
  return [group(), group(), group()].join("-");
}
