import type { SignInProviders } from "@serene/contracts";
import type { Config } from "../../config.ts";

/** What the web app needs to start each sign-in; a provider that is not configured is null (its button hides). */
export function signInProviders(config: Config): SignInProviders {
  const { google, apple, facebook } = config.identity;
  return {
    googleWeb: google ? { authorizeUrl: google.authorizeUrl, clientId: google.clientId, sandbox: google.sandbox } : null,
    apple: apple ? { authorizeUrl: apple.authorizeUrl, clientId: apple.clientId, sandbox: apple.sandbox } : null,
    facebook: facebook ? { authorizeUrl: facebook.authorizeUrl, clientId: facebook.appId, sandbox: facebook.sandbox } : null,
  };
}
