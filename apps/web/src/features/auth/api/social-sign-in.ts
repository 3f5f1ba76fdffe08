import type { SocialBody, SocialProvider } from "@serene/contracts";
import { api } from "../../../lib/api-client";

/** POST /api/v1/user/auth/{provider}: a session token for a provider's id token or access token. */
export const signInWithProvider = (provider: SocialProvider, body: SocialBody, options: { silent?: boolean } = {}) =>
  api.post("user/auth/{provider}", {
    params: { provider },
    body: { ...body, platform: "web", device_name: "web" },
    silent: options.silent ?? false,
  });
