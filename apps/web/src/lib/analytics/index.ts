import { env } from "../env";
import { readConsent } from "./consent";
import { firstPartyAdapter } from "./first-party";
import type { AnalyticsAdapter, EventProperties } from "./types";

const adapters: AnalyticsAdapter[] = [firstPartyAdapter];
let thirdPartyStarted = false;

/** True when a third-party measurement tool is configured, so the consent question makes sense. */
export const needsConsent = () => Boolean(env.ga4MeasurementId || env.metaPixelId);

/** Starts GA4 and the Meta Pixel when they are configured and the person agreed. Runs once. */
export async function startThirdPartyAnalytics() {
  if (thirdPartyStarted || readConsent() !== "granted" || !needsConsent()) return;
  thirdPartyStarted = true;
  const { ga4Adapter, metaPixelAdapter } = await import("./third-party");
  if (env.ga4MeasurementId) adapters.push(ga4Adapter(env.ga4MeasurementId));
  if (env.metaPixelId) adapters.push(metaPixelAdapter(env.metaPixelId));
}

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** The one analytics module: every page view and product event goes through here. */
export const analytics = {
  pageView(path = currentPath()) {
    for (const adapter of adapters) adapter.pageView(path);
  },
  track(name: string, properties: EventProperties = {}) {
    for (const adapter of adapters) adapter.track(name, properties, currentPath());
  },
};
