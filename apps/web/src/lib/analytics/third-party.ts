import type { AnalyticsAdapter } from "./types";

type Queue = ((...args: unknown[]) => void) & { queue?: unknown[]; q?: unknown[] };
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    fbq?: Queue;
  }
}

function loadScript(src: string) {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Google Analytics 4, loaded only when a measurement id is configured and consent is given. */
export function ga4Adapter(measurementId: string): AnalyticsAdapter {
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag(...args: unknown[]) {
    window.dataLayer!.push(args);
  };
  window.gtag("js", new Date());
  window.gtag("config", measurementId, { send_page_view: false });
  loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
  return {
    pageView: (path) => window.gtag!("event", "page_view", { page_path: path }),
    track: (name, properties) => window.gtag!("event", name, properties),
  };
}

/** Meta Pixel, loaded only when a pixel id is configured and consent is given. */
export function metaPixelAdapter(pixelId: string): AnalyticsAdapter {
  // The pixel script replays this queue when it arrives.
  const queue: unknown[] = [];
  const fbq: Queue = Object.assign((...args: unknown[]) => void queue.push(args), { queue });
  window.fbq = fbq;
  fbq("init", pixelId);
  loadScript("https://connect.facebook.net/en_US/fbevents.js");
  const standard = new Set(["Purchase", "StartTrial", "ViewContent", "CompleteRegistration", "InitiateCheckout", "Lead"]);
  return {
    pageView: () => window.fbq!("track", "PageView"),
    track: (name, properties) => window.fbq!(standard.has(name) ? "track" : "trackCustom", name, properties),
  };
}
