import { BlockList, isIPv4 } from "node:net";
import { verify } from "node:crypto";
import { getSignedCookies } from "@aws-sdk/cloudfront-signer";
import type { SigningKey } from "./signing-key.ts";

/**
 * Amazon CloudFront signed cookies with a custom policy: the same cookies open the media this
 * server serves under /media and a CloudFront distribution in front of a bucket.
 */

export const COOKIE_NAMES = {
  policy: "CloudFront-Policy",
  signature: "CloudFront-Signature",
  keyPairId: "CloudFront-Key-Pair-Id",
  hashAlgorithm: "CloudFront-Hash-Algorithm",
} as const;

export type HashAlgorithm = "SHA1" | "SHA256";

export interface SignedCookieSet {
  policy: string;
  signature: string;
  keyPairId: string;
  /** Present only for SHA-256 signatures. */
  hashAlgorithm: HashAlgorithm | null;
}

/** The custom policy document: one statement, a resource (may end in *) and an expiry, no whitespace. */
export function customPolicy(resource: string, expiresAt: Date): string {
  return JSON.stringify({
    Statement: [{ Resource: resource, Condition: { DateLessThan: { "AWS:EpochTime": Math.floor(expiresAt.getTime() / 1000) } } }],
  });
}

/** Signs a custom policy with the official CloudFront signer. */
export function signCookies(key: SigningKey, resource: string, expiresAt: Date, hash: HashAlgorithm): SignedCookieSet {
  const cookies = getSignedCookies({
    policy: customPolicy(resource, expiresAt),
    keyPairId: key.keyPairId,
    privateKey: key.privateKeyPem,
    ...(hash === "SHA256" ? { algorithm: "SHA256" as const } : {}),
  });
  return {
    policy: cookies[COOKIE_NAMES.policy]!,
    signature: cookies[COOKIE_NAMES.signature]!,
    keyPairId: cookies[COOKIE_NAMES.keyPairId]!,
    hashAlgorithm: hash === "SHA256" ? "SHA256" : null,
  };
}

/** CloudFront's URL-safe base64: + becomes -, = becomes _, / becomes ~. */
export function fromCloudFrontBase64(value: string): Buffer {
  return Buffer.from(value.replaceAll("-", "+").replaceAll("_", "=").replaceAll("~", "/"), "base64");
}

export type Verdict = { ok: true } | { ok: false; reason: string };

interface PolicyStatement {
  Resource?: unknown;
  Condition?: {
    DateLessThan?: { "AWS:EpochTime"?: unknown };
    DateGreaterThan?: { "AWS:EpochTime"?: unknown };
    IpAddress?: { "AWS:SourceIp"?: unknown };
  };
}

/** CloudFront's resource pattern: * matches any run of characters, ? exactly one. */
export function resourceMatches(pattern: string, url: string): boolean {
  const expression = pattern
    .split("")
    .map((char) => (char === "*" ? ".*" : char === "?" ? "." : char.replace(/[.+^${}()|[\]\\/]/g, "\\$&")))
    .join("");
  return new RegExp(`^${expression}$`, "s").test(url);
}

function sourceIpAllowed(cidr: string, ip: string): boolean {
  const [address, bits] = cidr.split("/");
  if (!address) return false;
  const family = isIPv4(address) ? "ipv4" : "ipv6";
  const list = new BlockList();
  list.addSubnet(address, Number(bits ?? (family === "ipv4" ? 32 : 128)), family);
  return list.check(ip, isIPv4(ip) ? "ipv4" : "ipv6");
}

/**
 * Checks a request's cookies the way CloudFront does: the key pair, the signature over the policy,
 * the resource against the requested URL, the time window and, when present, the source address.
 */
export function verifySignedCookies(
  cookies: Partial<Record<string, string>>,
  request: { url: string; ip: string; now: Date },
  key: Pick<SigningKey, "publicKey" | "keyPairId">,
): Verdict {
  const policyValue = cookies[COOKIE_NAMES.policy];
  const signatureValue = cookies[COOKIE_NAMES.signature];
  const keyPairId = cookies[COOKIE_NAMES.keyPairId];
  if (!policyValue || !signatureValue || !keyPairId) return { ok: false, reason: "missing signed cookies" };
  if (keyPairId !== key.keyPairId) return { ok: false, reason: "unknown key pair" };
  // An empty value is a cleared cookie: the default algorithm.
  const algorithm = cookies[COOKIE_NAMES.hashAlgorithm] || "SHA1";
  if (algorithm !== "SHA1" && algorithm !== "SHA256") return { ok: false, reason: "unknown hash algorithm" };
  const policyJson = fromCloudFrontBase64(policyValue);
  const signed = verify(algorithm === "SHA256" ? "sha256" : "sha1", policyJson, key.publicKey, fromCloudFrontBase64(signatureValue));
  if (!signed) return { ok: false, reason: "bad signature" };
  let statement: PolicyStatement | undefined;
  try {
    statement = (JSON.parse(policyJson.toString("utf8")) as { Statement?: PolicyStatement[] }).Statement?.[0];
  } catch {
    return { ok: false, reason: "unreadable policy" };
  }
  const resource = statement?.Resource;
  const lessThan = statement?.Condition?.DateLessThan?.["AWS:EpochTime"];
  if (typeof resource !== "string" || typeof lessThan !== "number") return { ok: false, reason: "incomplete policy" };
  if (!resourceMatches(resource, request.url)) return { ok: false, reason: "resource not covered" };
  const nowSeconds = Math.floor(request.now.getTime() / 1000);
  if (nowSeconds >= lessThan) return { ok: false, reason: "expired" };
  const greaterThan = statement?.Condition?.DateGreaterThan?.["AWS:EpochTime"];
  if (typeof greaterThan === "number" && nowSeconds <= greaterThan) return { ok: false, reason: "not yet valid" };
  const sourceIp = statement?.Condition?.IpAddress?.["AWS:SourceIp"];
  if (typeof sourceIp === "string" && !sourceIpAllowed(sourceIp, request.ip)) return { ok: false, reason: "address not allowed" };
  return { ok: true };
}
