import { afterLoginPath } from "@serene/domain";
import type { SocialBody, SocialProvider } from "@serene/contracts";
import { hasQuizFlag } from "../../../lib/storage";
import { signInWithProvider } from "../api/social-sign-in";
import { readProviderAnswer, takeSavedSignIn } from "./social-sign-in";

export type SocialSignInOutcome =
  | { ok: true; provider: SocialProvider; token: string; next: string }
  | {
      ok: false;
      provider: SocialProvider;
      /** The page that started the sign-in, with its query string. */
      back: string;
      reason: "no-saved-sign-in" | "provider-error" | "state-mismatch" | "rejected";
      detail?: unknown;
    };

/**
 * The provider's answer at /auth/callback/{provider}: accepted only with the state this browser
 * saved when it left, then exchanged for a session token by POST user/auth/{provider}.
 */
export async function completeSocialSignIn(provider: SocialProvider, hash: string, search: string): Promise<SocialSignInOutcome> {
  const saved = takeSavedSignIn();
  if (!saved) return { ok: false, provider, back: "/login", reason: "no-saved-sign-in" };
  const back = `${saved.from}${saved.search}`;
  const answer = readProviderAnswer(provider, hash, search);
  if (answer.kind === "error") return { ok: false, provider, back, reason: "provider-error", detail: answer };
  if (saved.provider !== provider || !answer.state || answer.state !== saved.state) {
    return { ok: false, provider, back, reason: "state-mismatch" };
  }
  const body: SocialBody =
    provider === "facebook"
      ? { access_token: answer.accessToken }
      : { id_token: answer.idToken, nonce: saved.nonce ?? undefined, ...(answer.name ? { name: answer.name } : {}) };
  try {
    // Google and Apple failures stay quiet (spec 000 section 8); Facebook's show the server's message.
    const { token } = await signInWithProvider(provider, body, { silent: provider !== "facebook" });
    return { ok: true, provider, token, next: afterLoginPath(saved.search, hasQuizFlag()) };
  } catch (error) {
    return { ok: false, provider, back, reason: "rejected", detail: error };
  }
}
