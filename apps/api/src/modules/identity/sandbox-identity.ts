import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import type { IdentityConfig } from "../../config.ts";

/**
 * The offline stand-in for Google, Apple and Facebook sign-in. It signs id_tokens with a key of
 * its own and publishes the public half as a JWKS, and it answers Facebook's Graph API token
 * inspection, so the product's real verification code runs unchanged against it.
 */
export type SandboxProvider = "google" | "apple" | "facebook";

export interface SandboxPerson {
  name: string;
  email: string;
}

const KEY_ID = "serene-sandbox-1";
const TOKEN_MINUTES = 10;

const subjectOf = (provider: SandboxProvider, email: string) =>
  `${provider}-${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 20)}`;

export async function createSandboxIdentity(appUrl: string, identity: IdentityConfig) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: "RS256", use: "sig" };
  const facebookSecret = identity.facebook?.appSecret ?? "";
  const facebookAppId = identity.facebook?.appId ?? "";

  const sign = (payload: string) => createHmac("sha256", facebookSecret).update(payload).digest("base64url");

  return {
    issuer: (provider: "google" | "apple") => `${appUrl}/sandbox/identity/${provider}`,
    jwks: () => ({ keys: [jwk] }),

    /** An id_token as Google or Apple would issue it for this person. */
    async idToken(provider: "google" | "apple", person: SandboxPerson, clientId: string, nonce?: string) {
      const claims: Record<string, unknown> = {
        email: person.email,
        email_verified: provider === "apple" ? "true" : true,
        ...(provider === "google" ? { name: person.name } : {}),
        ...(nonce ? { nonce } : {}),
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: KEY_ID, typ: "JWT" })
        .setIssuer(`${appUrl}/sandbox/identity/${provider}`)
        .setAudience(clientId)
        .setSubject(subjectOf(provider, person.email))
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_MINUTES}m`)
        .sign(privateKey);
    },

    /** A Facebook user access token: the person and an expiry, signed with the sandbox app secret. */
    facebookAccessToken(person: SandboxPerson): string {
      const body = Buffer.from(
        JSON.stringify({
          sub: subjectOf("facebook", person.email),
          name: person.name,
          email: person.email,
          exp: Math.floor(Date.now() / 1000) + 3600,
        }),
      ).toString("base64url");
      return `${body}.${sign(body)}`;
    },

    /** Reads a sandbox Facebook access token; null when it is forged or expired. */
    readFacebookToken(token: string): { sub: string; name: string; email: string; exp: number } | null {
      const [body, signature] = token.split(".");
      if (!body || !signature) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const data = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as {
          sub: string;
          name: string;
          email: string;
          exp: number;
        };
        return data.exp * 1000 > Date.now() ? data : null;
      } catch {
        return null;
      }
    },

    /** Whether an app access token (`{app_id}|{app_secret}`) is the sandbox app's. */
    isAppToken: (token: string) => token === `${facebookAppId}|${facebookSecret}`,
    facebookAppId,
  };
}
export type SandboxIdentity = Awaited<ReturnType<typeof createSandboxIdentity>>;
