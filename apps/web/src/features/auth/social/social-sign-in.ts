import type { SignInProvider, SocialProvider } from "@serene/contracts";
import { sameSitePath } from "@serene/domain";
import { env } from "../../../lib/env";

const SOCIAL_PROVIDERS: readonly SocialProvider[] = ["googleWeb", "apple", "facebook"];

/** sessionStorage key of the sign-in that left for a provider and will come back to /auth/callback. */
export const SOCIAL_STATE_KEY = "social-sign-in";

/** What the starting page keeps while the person is at the provider. */
export interface SavedSignIn {
  provider: SocialProvider;
  /** Random; the provider sends it back, and only a matching answer is accepted. */
  state: string;
  /** Random; bound into the id token by Google and Apple, checked by the server. */
  nonce: string | null;
  /** The page that started the sign-in and its query string, to return to and to redirect from. */
  from: string;
  search: string;
}

export const isSocialProvider = (value: string | undefined): value is SocialProvider => SOCIAL_PROVIDERS.includes(value as SocialProvider);

/** The providers configured on this server; a null entry hides its button. */
export const configuredProviders = (): SocialProvider[] => SOCIAL_PROVIDERS.filter((provider) => env.signIn[provider] !== null);

function randomToken(bytes = 24): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...values))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const callbackUrl = (provider: SocialProvider, origin = window.location.origin) => `${origin}/auth/callback/${provider}`;

/** The provider's authorization address with the parameters of each provider's web flow. */
export function buildAuthorizeUrl(
  provider: SocialProvider,
  config: SignInProvider,
  { state, nonce, redirectUri }: { state: string; nonce: string | null; redirectUri: string },
): string {
  const url = new URL(config.authorizeUrl, window.location.origin);
  const params = url.searchParams;
  params.set("client_id", config.clientId);
  params.set("redirect_uri", redirectUri);
  params.set("state", state);
  if (provider === "googleWeb") {
    params.set("response_type", "id_token");
    params.set("scope", "openid email profile");
    params.set("response_mode", "fragment");
  } else if (provider === "apple") {
    // Apple posts the answer to the server, which sends the browser on with it in the fragment.
    params.set("response_type", "code id_token");
    params.set("response_mode", "form_post");
    params.set("scope", "name email");
  } else {
    params.set("response_type", "token");
    params.set("scope", "email");
  }
  if (nonce) params.set("nonce", nonce);
  return url.toString();
}

/** The page change to the provider (tests watch it); the browser comes back to /auth/callback/{provider}. */
export const browser = {
  leaveFor: (url: string) => window.location.assign(url),
};

export function startSocialSignIn(provider: SocialProvider, from: { pathname: string; search: string }): boolean {
  const config = env.signIn[provider];
  if (!config) return false;
  const saved: SavedSignIn = {
    provider,
    state: randomToken(),
    nonce: provider === "facebook" ? null : randomToken(),
    from: from.pathname,
    search: from.search,
  };
  try {
    window.sessionStorage.setItem(SOCIAL_STATE_KEY, JSON.stringify(saved));
  } catch {
    return false;
  }
  browser.leaveFor(buildAuthorizeUrl(provider, config, { state: saved.state, nonce: saved.nonce, redirectUri: callbackUrl(provider) }));
  return true;
}

/** Reads and forgets the saved sign-in: each state is good for one answer only. */
export function takeSavedSignIn(): SavedSignIn | null {
  try {
    const raw = window.sessionStorage.getItem(SOCIAL_STATE_KEY);
    window.sessionStorage.removeItem(SOCIAL_STATE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<SavedSignIn>;
    if (!saved || typeof saved.state !== "string" || !isSocialProvider(saved.provider)) return null;
    return {
      provider: saved.provider,
      state: saved.state,
      nonce: typeof saved.nonce === "string" ? saved.nonce : null,
      // The page to go back to is a path here, judged by the one rule for redirects (decision 056).
      from: sameSitePath(typeof saved.from === "string" ? saved.from : null) ?? "/login",
      search: typeof saved.search === "string" ? saved.search : "",
    };
  } catch {
    return null;
  }
}

export type ProviderAnswer =
  | { kind: "token"; state: string | null; idToken?: string; accessToken?: string; name?: string }
  | { kind: "error"; state: string | null; error: string; reason: string | null };

/** Apple sends the name once, as JSON outside the token: {"name":{"firstName","lastName"}}. */
function appleName(user: string | null): string | undefined {
  if (!user) return undefined;
  try {
    const parsed = JSON.parse(user) as { name?: string | { firstName?: string; lastName?: string } };
    const name = typeof parsed.name === "string" ? parsed.name : [parsed.name?.firstName, parsed.name?.lastName].filter(Boolean).join(" ");
    return name.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** What the provider sent back, from the fragment (tokens) and the query (Facebook's cancel). */
export function readProviderAnswer(provider: SocialProvider, hash: string, search: string): ProviderAnswer {
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const query = new URLSearchParams(search);
  const pick = (key: string) => fragment.get(key) ?? query.get(key);
  const state = pick("state");
  const error = pick("error");
  if (error) return { kind: "error", state, error, reason: pick("error_reason") ?? pick("error_description") };
  if (provider === "facebook") {
    const accessToken = pick("access_token");
    return accessToken ? { kind: "token", state, accessToken } : { kind: "error", state, error: "missing_token", reason: null };
  }
  const idToken = pick("id_token");
  if (!idToken) return { kind: "error", state, error: "missing_token", reason: null };
  return provider === "apple" ? { kind: "token", state, idToken, name: appleName(pick("user")) } : { kind: "token", state, idToken };
}
