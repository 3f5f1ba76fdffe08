import { execSync } from "node:child_process";
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COOKIE_NAMES,
  customPolicy,
  fromCloudFrontBase64,
  resourceMatches,
  signCookies,
  verifySignedCookies,
  type SignedCookieSet,
} from "./signed-cookies.ts";
import type { SigningKey } from "./signing-key.ts";

/**
 * The signer checked against the method AWS documents for CloudFront signed cookies with a custom
 * policy ("Create a signature for a signed cookie that uses a custom policy": OpenSSL, SHA-1,
 * base64 with + = / replaced by - _ ~), run here with the openssl binary on the same key.
 */

let dir: string;
let key: SigningKey;
const KEY_PAIR_ID = "K2JCJMDEHXQW5F";
const BASE = "https://media.serene.test/media";

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "serene-signer-"));
  execSync("openssl genrsa -traditional -out private_key.pem 2048", { cwd: dir, stdio: "ignore" });
  const pem = readFileSync(path.join(dir, "private_key.pem"), "utf8");
  expect(pem).toContain("BEGIN RSA PRIVATE KEY");
  key = { privateKeyPem: pem, publicKey: createPublicKey(createPrivateKey(pem)), keyPairId: KEY_PAIR_ID };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a shell pipeline over a policy file written with line breaks and indentation, as a person would. */
function openssl(policy: string, pipeline: string): string {
  writeFileSync(path.join(dir, "policy"), JSON.stringify(JSON.parse(policy), null, 2) + "\n");
  return execSync(pipeline, { cwd: dir, shell: "/bin/bash" }).toString();
}

const inAnHour = () => new Date(Date.now() + 3_600_000);
const url = (relative: string) => `${BASE}/${relative}`;
const toCloudFront = (buffer: Buffer) => buffer.toString("base64").replaceAll("+", "-").replaceAll("=", "_").replaceAll("/", "~");

/** Cookies for any policy document, signed with the test key (or another). */
function cookiesFor(
  policy: object,
  options: { privateKeyPem?: string; keyPairId?: string; hash?: "SHA1" | "SHA256" } = {},
): Partial<Record<string, string>> {
  const json = JSON.stringify(policy);
  const signature = sign(options.hash === "SHA256" ? "sha256" : "sha1", Buffer.from(json), options.privateKeyPem ?? key.privateKeyPem);
  return {
    [COOKIE_NAMES.policy]: toCloudFront(Buffer.from(json)),
    [COOKIE_NAMES.signature]: toCloudFront(signature),
    [COOKIE_NAMES.keyPairId]: options.keyPairId ?? KEY_PAIR_ID,
    ...(options.hash === "SHA256" ? { [COOKIE_NAMES.hashAlgorithm]: "SHA256" } : {}),
  };
}
const asCookies = (set: SignedCookieSet): Partial<Record<string, string>> => ({
  [COOKIE_NAMES.policy]: set.policy,
  [COOKIE_NAMES.signature]: set.signature,
  [COOKIE_NAMES.keyPairId]: set.keyPairId,
  ...(set.hashAlgorithm ? { [COOKIE_NAMES.hashAlgorithm]: set.hashAlgorithm } : {}),
});
const statement = (resource: string, condition: Record<string, unknown>) => ({ Statement: [{ Resource: resource, Condition: condition }] });
const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

describe("signCookies against AWS's documented OpenSSL method", () => {
  it("gives the same SHA-1 signature and the same policy cookie", () => {
    const expires = inAnHour();
    const resource = `${BASE}/free/*`;
    const cookies = signCookies(key, resource, expires, "SHA1");
    const policy = customPolicy(resource, expires);
    expect(policy).not.toMatch(/\s/);
    expect(JSON.parse(policy)).toEqual(statement(resource, { DateLessThan: { "AWS:EpochTime": epoch(expires) } }));

    const signature = openssl(
      policy,
      `cat policy | tr -d "\\n" | tr -d " \\t\\n\\r" | openssl sha1 -sign private_key.pem | openssl base64 -A | tr -- '+=/' '-_~'`,
    );
    expect(signature.length).toBeGreaterThan(300);
    expect(cookies.signature).toBe(signature);

    const policyCookie = openssl(policy, `cat policy | tr -d " \\t\\n\\r" | openssl base64 -A | tr -- '+=/' '-_~'`);
    expect(cookies.policy).toBe(policyCookie);
    expect(cookies.policy).not.toMatch(/[+=/]/);
    expect(cookies.keyPairId).toBe(KEY_PAIR_ID);
    expect(cookies.hashAlgorithm).toBeNull();
  });

  it("gives the same SHA-256 signature and names the hash algorithm", () => {
    const expires = inAnHour();
    const resource = `${BASE}/*`;
    const cookies = signCookies(key, resource, expires, "SHA256");
    const signature = openssl(
      customPolicy(resource, expires),
      `cat policy | tr -d "\\n" | tr -d " \\t\\n\\r" | openssl dgst -sha256 -sign private_key.pem | openssl base64 -A | tr -- '+=/' '-_~'`,
    );
    expect(cookies.signature).toBe(signature);
    expect(cookies.hashAlgorithm).toBe("SHA256");
    // A SHA-256 signature differs from the SHA-1 one over the same policy.
    expect(signCookies(key, resource, expires, "SHA1").signature).not.toBe(signature);
  });

  it("reads CloudFront's base64 back", () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    expect(fromCloudFrontBase64(toCloudFront(bytes)).equals(bytes)).toBe(true);
  });
});

describe("verifySignedCookies", () => {
  const now = () => new Date();
  const check = (cookies: Partial<Record<string, string>>, relative: string, ip = "203.0.113.7", at = now()) =>
    verifySignedCookies(cookies, { url: url(relative), ip, now: at }, key);

  it("accepts a fresh set for what its resource covers, SHA-1 and SHA-256", () => {
    expect(check(asCookies(signCookies(key, `${BASE}/free/*`, inAnHour(), "SHA1")), "free/morning-light/audio-male/index.m3u8")).toEqual({
      ok: true,
    });
    expect(check(asCookies(signCookies(key, `${BASE}/*`, inAnHour(), "SHA256")), "premium/x/audio/seg-1.m4s")).toEqual({ ok: true });
  });

  it("refuses missing cookies", () => {
    const fresh = asCookies(signCookies(key, `${BASE}/*`, inAnHour(), "SHA1"));
    expect(check({}, "free/a")).toMatchObject({ ok: false });
    for (const name of [COOKIE_NAMES.policy, COOKIE_NAMES.signature, COOKIE_NAMES.keyPairId]) {
      expect(check({ ...fresh, [name]: undefined }, "free/a"), name).toMatchObject({ ok: false });
    }
  });

  it("refuses a tampered policy", () => {
    const fresh = asCookies(signCookies(key, `${BASE}/free/*`, inAnHour(), "SHA1"));
    const widened = toCloudFront(Buffer.from(customPolicy(`${BASE}/*`, inAnHour())));
    expect(check({ ...fresh, [COOKIE_NAMES.policy]: widened }, "premium/x/index.m3u8")).toEqual({ ok: false, reason: "bad signature" });
  });

  it("refuses a tampered signature", () => {
    const fresh = asCookies(signCookies(key, `${BASE}/*`, inAnHour(), "SHA1"));
    const signature = fresh[COOKIE_NAMES.signature]!;
    const flipped = (signature[10] === "A" ? "B" : "A") + "";
    const tampered = signature.slice(0, 10) + flipped + signature.slice(11);
    expect(check({ ...fresh, [COOKIE_NAMES.signature]: tampered }, "free/a")).toEqual({ ok: false, reason: "bad signature" });
    // A SHA-1 signature presented as SHA-256 fails too.
    expect(check({ ...fresh, [COOKIE_NAMES.hashAlgorithm]: "SHA256" }, "free/a")).toEqual({ ok: false, reason: "bad signature" });
    expect(check({ ...fresh, [COOKIE_NAMES.hashAlgorithm]: "MD5" }, "free/a")).toMatchObject({ ok: false });
  });

  it("refuses a signature made with another key", () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const forged = cookiesFor(statement(`${BASE}/*`, { DateLessThan: { "AWS:EpochTime": epoch(inAnHour()) } }), { privateKeyPem: other });
    expect(check(forged, "premium/x/index.m3u8")).toEqual({ ok: false, reason: "bad signature" });
  });

  it("refuses an expired policy, and one exactly at its end", () => {
    const past = new Date(Date.now() - 1000);
    expect(check(asCookies(signCookies(key, `${BASE}/*`, past, "SHA1")), "free/a")).toEqual({ ok: false, reason: "expired" });
    const end = new Date(Math.floor(Date.now() / 1000) * 1000 + 60_000);
    const cookies = asCookies(signCookies(key, `${BASE}/*`, end, "SHA1"));
    expect(check(cookies, "free/a", undefined, new Date(end.getTime() - 1000))).toEqual({ ok: true });
    expect(check(cookies, "free/a", undefined, end)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another key pair id", () => {
    const cookies = asCookies(signCookies({ ...key, keyPairId: "K_OTHER" }, `${BASE}/*`, inAnHour(), "SHA1"));
    expect(check(cookies, "free/a")).toEqual({ ok: false, reason: "unknown key pair" });
  });

  it("refuses a URL the resource does not cover", () => {
    const freeOnly = asCookies(signCookies(key, `${BASE}/free/*`, inAnHour(), "SHA1"));
    expect(check(freeOnly, "premium/anchor-in-the-storm/audio-male/index.m3u8")).toEqual({ ok: false, reason: "resource not covered" });
    expect(check(freeOnly, "freebies/x")).toEqual({ ok: false, reason: "resource not covered" });
    const one = asCookies(signCookies(key, `${BASE}/premium/x/index.m3u8`, inAnHour(), "SHA1"));
    expect(check(one, "premium/x/index.m3u8")).toEqual({ ok: true });
    expect(check(one, "premium/x/seg-0.m4s")).toEqual({ ok: false, reason: "resource not covered" });
    const elsewhere = asCookies(signCookies(key, "https://other.example/media/*", inAnHour(), "SHA1"));
    expect(check(elsewhere, "free/a")).toEqual({ ok: false, reason: "resource not covered" });
  });

  it("honours DateGreaterThan: not before the start", () => {
    const future = cookiesFor(
      statement(`${BASE}/*`, {
        DateLessThan: { "AWS:EpochTime": epoch(inAnHour()) },
        DateGreaterThan: { "AWS:EpochTime": epoch(new Date(Date.now() + 600_000)) },
      }),
    );
    expect(check(future, "free/a")).toEqual({ ok: false, reason: "not yet valid" });
    const started = cookiesFor(
      statement(`${BASE}/*`, {
        DateLessThan: { "AWS:EpochTime": epoch(inAnHour()) },
        DateGreaterThan: { "AWS:EpochTime": epoch(new Date(Date.now() - 600_000)) },
      }),
    );
    expect(check(started, "free/a")).toEqual({ ok: true });
  });

  it("honours IpAddress: only from the given range", () => {
    const ranged = cookiesFor(
      statement(`${BASE}/*`, { DateLessThan: { "AWS:EpochTime": epoch(inAnHour()) }, IpAddress: { "AWS:SourceIp": "192.0.2.0/24" } }),
    );
    expect(check(ranged, "free/a", "192.0.2.44")).toEqual({ ok: true });
    expect(check(ranged, "free/a", "198.51.100.1")).toEqual({ ok: false, reason: "address not allowed" });
    const single = cookiesFor(
      statement(`${BASE}/*`, { DateLessThan: { "AWS:EpochTime": epoch(inAnHour()) }, IpAddress: { "AWS:SourceIp": "192.0.2.5" } }),
    );
    expect(check(single, "free/a", "192.0.2.5")).toEqual({ ok: true });
    expect(check(single, "free/a", "192.0.2.6")).toMatchObject({ ok: false });
  });

  it("refuses a policy without an expiry or a resource, or that is not JSON", () => {
    expect(check(cookiesFor(statement(`${BASE}/*`, {})), "free/a")).toMatchObject({ ok: false });
    expect(
      check(cookiesFor({ Statement: [{ Condition: { DateLessThan: { "AWS:EpochTime": epoch(inAnHour()) } } }] }), "free/a"),
    ).toMatchObject({ ok: false });
    expect(
      check(cookiesFor(statement(`${BASE}/*`, { DateLessThan: { "AWS:EpochTime": String(epoch(inAnHour())) } })), "free/a"),
    ).toMatchObject({ ok: false });
    const signature = toCloudFront(sign("sha1", Buffer.from("not json"), key.privateKeyPem));
    expect(
      check(
        {
          [COOKIE_NAMES.policy]: toCloudFront(Buffer.from("not json")),
          [COOKIE_NAMES.signature]: signature,
          [COOKIE_NAMES.keyPairId]: KEY_PAIR_ID,
        },
        "free/a",
      ),
    ).toEqual({ ok: false, reason: "unreadable policy" });
  });
});

describe("resourceMatches", () => {
  it("treats * as any run of characters and ? as exactly one", () => {
    expect(resourceMatches(`${BASE}/*`, `${BASE}/premium/a/b/c.m4s`)).toBe(true);
    expect(resourceMatches(`${BASE}/free/*`, `${BASE}/free/`)).toBe(true);
    expect(resourceMatches(`${BASE}/free/*`, `${BASE}/premium/a`)).toBe(false);
    expect(resourceMatches(`${BASE}/free/*/index.m3u8`, `${BASE}/free/a/audio/index.m3u8`)).toBe(true);
    expect(resourceMatches(`${BASE}/seg-?.m4s`, `${BASE}/seg-1.m4s`)).toBe(true);
    expect(resourceMatches(`${BASE}/seg-?.m4s`, `${BASE}/seg-12.m4s`)).toBe(false);
    expect(resourceMatches(`${BASE}/seg-?.m4s`, `${BASE}/seg-.m4s`)).toBe(false);
  });

  it("matches everything else literally and in full", () => {
    expect(resourceMatches(`${BASE}/a.m3u8`, `${BASE}/aXm3u8`)).toBe(false);
    expect(resourceMatches(`${BASE}/a.m3u8`, `${BASE}/a.m3u8`)).toBe(true);
    expect(resourceMatches(`${BASE}/a.m3u8`, `${BASE}/a.m3u8.bak`)).toBe(false);
    expect(resourceMatches(`${BASE}/a.m3u8`, `x${BASE}/a.m3u8`)).toBe(false);
    expect(resourceMatches(`${BASE}/(a|b)+`, `${BASE}/aaa`)).toBe(false);
    expect(resourceMatches(`${BASE}/(a|b)+`, `${BASE}/(a|b)+`)).toBe(true);
  });
});
