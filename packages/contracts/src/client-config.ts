import { z } from "zod";
import { SignInProviders } from "./account.ts";

/**
 * Public settings the server hands to the web app inside index.html, so the page needs no
 * extra request before it can render.
 */
export const ClientConfig = z.object({
  appName: z.string(),
  supportEmail: z.string(),
  ga4MeasurementId: z.string().nullable(),
  metaPixelId: z.string().nullable(),
  signIn: SignInProviders,
});
export type ClientConfig = z.infer<typeof ClientConfig>;
