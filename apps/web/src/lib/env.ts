import type { ClientConfig } from "@serene/contracts";

const FALLBACK: ClientConfig = {
  appName: "Serene",
  supportEmail: "support@serene.example",
  ga4MeasurementId: null,
  metaPixelId: null,
  signIn: { googleWeb: null, apple: null, facebook: null },
};

declare global {
  // Set by the build-time prerender, which has no document: placeholders the server fills in.
  var __APP_CONFIG__: Partial<ClientConfig> | undefined;
}

function readConfig(): ClientConfig {
  if (typeof document === "undefined") return { ...FALLBACK, ...globalThis.__APP_CONFIG__ };
  const raw = document.querySelector<HTMLMetaElement>('meta[name="app-config"]')?.content;
  if (!raw) return FALLBACK;
  try {
    return { ...FALLBACK, ...(JSON.parse(raw) as Partial<ClientConfig>) };
  } catch {
    return FALLBACK;
  }
}

/** Public settings the server put into index.html (product name, support address, measurement ids). */
export const env: ClientConfig = readConfig();
