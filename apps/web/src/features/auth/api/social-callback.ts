import type { SocialProvider } from "@serene/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { completeSocialSignIn } from "../social/complete-social-sign-in";

export const socialCallbackKeys = {
  answer: (provider: SocialProvider, hash: string, search: string) => ["social-callback", provider, hash, search] as const,
};

/**
 * The provider's answer on /auth/callback/{provider}, turned into a session token (POST
 * /user/auth/{provider}). Used once: a second mount (strict mode) shares the call in flight.
 */
export const socialCallbackQueryOptions = (provider: SocialProvider, hash: string, search: string) =>
  queryOptions({
    queryKey: socialCallbackKeys.answer(provider, hash, search),
    queryFn: () => completeSocialSignIn(provider, hash, search),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export const useSocialCallback = (provider: SocialProvider, hash: string, search: string) =>
  useQuery(socialCallbackQueryOptions(provider, hash, search));
