import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Text kept so that only the holder of `key` (32 bytes) can read it back: AES-256-GCM with a fresh IV,
 * stored as base64 of IV, tag and ciphertext. Used for keyed writes' answers (decision 066) and staff
 * TOTP secrets (decision 067).
 */
export function seal(text: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
}

/** The text `seal` kept; throws when the key is not the one it was sealed with or the text was changed. */
export function unseal(sealed: string, key: Buffer): string {
  const bytes = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}
