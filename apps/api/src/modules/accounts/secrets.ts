import { createHash, randomBytes } from "node:crypto";

/** A new opaque secret: 256 bits from the system's secure random source, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a token or code: its SHA-256. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}
