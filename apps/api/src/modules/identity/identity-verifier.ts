import { createHmac } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import type { SocialProvider } from "@serene/contracts";
import type { IdentityConfig } from "../../config.ts";
import { invalidField, notFound, unavailable } from "../../domain-errors.ts";

export type IdentityProvider = "google" | "apple" | "facebook";

export interface VerifiedIdentity {
  provider: IdentityProvider;
  /** The provider's stable id for the person. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** Asserted by the offline sandbox, which anyone can make say any e-mail address. */
  sandbox: boolean;
}

const PROVIDER_OF: Record<SocialProvider, IdentityProvider> = { googleWeb: "google", apple: "apple", facebook: "facebook" };
const LABEL: Record<IdentityProvider, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };

const notVerified = (field: string, provider: IdentityProvider) =>
  invalidField(field, `Your ${LABEL[provider]} sign-in could not be verified. Please try again.`);
const providerDown = (provider: IdentityProvider) =>
  unavailable(`Sign-in with ${LABEL[provider]} is unavailable right now. Please try again in a moment.`);

const truthy = (value: unknown) => value === true || value === "true";

/**
 * Checks sign-in tokens the way the providers document it. Google and Apple: a signed id_token,
 * verified against the provider's published keys (JWKS) for signature, issuer, audience (our
 * client id) and expiry. Facebook: the user access token inspected through the Graph API's
 * debug_token with our app token, then the profile read with an appsecret_proof. The offline
 * sandbox is the same code pointed at local URLs.
 */
export function createIdentityVerifier(identity: IdentityConfig, fetchImpl: typeof fetch = fetch) {
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySet = (url: string) => {
    let found = keySets.get(url);
    if (!found) {
      found = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 600_000 });
      keySets.set(url, found);
    }
    return found;
  };

  async function verifyIdToken(
    provider: "google" | "apple",
    token: string | undefined,
    nonce: string | undefined,
  ): Promise<VerifiedIdentity> {
    const settings = identity[provider];
    if (!settings) throw notFound(`Sign-in with ${LABEL[provider]} is not offered.`);
    if (!token) throw invalidField("id_token", "The id token field is required.");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet(settings.jwksUrl), {
        issuer: settings.issuers,
        audience: settings.clientId,
        algorithms: ["RS256", "ES256"],
        clockTolerance: 60,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message)))
        throw providerDown(provider);
      throw notVerified("id_token", provider);
    }
    if (nonce && payload.nonce !== nonce) throw notVerified("id_token", provider);
    const email = typeof payload.email === "string" ? payload.email : null;
    return {
      provider,
      subject: payload.sub!,
      email,
      emailVerified: Boolean(email) && truthy(payload.email_verified),
      name: typeof payload.name === "string" ? payload.name : null,
      sandbox: settings.sandbox,
    };
  }

  async function graph<T>(url: URL): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(5000) });
    } catch {
      throw providerDown("facebook");
    }
    if (response.status >= 500) throw providerDown("facebook");
    if (!response.ok) throw notVerified("access_token", "facebook");
    return (await response.json()) as T;
  }

  async function verifyFacebook(accessToken: string | undefined): Promise<VerifiedIdentity> {
    const settings = identity.facebook;
    if (!settings) throw notFound("Sign-in with Facebook is not offered.");
    if (!accessToken) throw invalidField("access_token", "The access token field is required.");
    const inspect = new URL(`${settings.graphUrl}/debug_token`);
    inspect.searchParams.set("input_token", accessToken);
    inspect.searchParams.set("access_token", `${settings.appId}|${settings.appSecret}`);
    const { data } = await graph<{ data?: { is_valid?: boolean; app_id?: string; user_id?: string; expires_at?: number } }>(inspect);
    const expired = data?.expires_at !== undefined && data.expires_at !== 0 && data.expires_at * 1000 < Date.now();
    if (!data?.is_valid || data.app_id !== settings.appId || !data.user_id || expired) throw notVerified("access_token", "facebook");

    const me = new URL(`${settings.graphUrl}/me`);
    me.searchParams.set("fields", "id,name,email");
    me.searchParams.set("access_token", accessToken);
    me.searchParams.set("appsecret_proof", createHmac("sha256", settings.appSecret).update(accessToken).digest("hex"));
    const profile = await graph<{ id?: string; name?: string; email?: string }>(me);
    if (profile.id !== data.user_id) throw notVerified("access_token", "facebook");
    return {
      provider: "facebook",
      subject: data.user_id,
      // Facebook returns an address only once its owner has confirmed it.
      email: profile.email ?? null,
      emailVerified: Boolean(profile.email),
      name: profile.name ?? null,
      sandbox: settings.sandbox,
    };
  }

  return {
    verify(provider: SocialProvider, input: { idToken?: string; accessToken?: string; nonce?: string }): Promise<VerifiedIdentity> {
      if (provider === "facebook") return verifyFacebook(input.accessToken ?? input.idToken);
      return verifyIdToken(PROVIDER_OF[provider] as "google" | "apple", input.idToken, input.nonce);
    },
  };
}
export type IdentityVerifier = ReturnType<typeof createIdentityVerifier>;
