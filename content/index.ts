import { existsSync, readFileSync } from "node:fs";
import type { Catalogue, MediaManifest, Plans } from "./catalogue.ts";

export * from "./catalogue.ts";
/** The one pipeline that packages a recording (content:ingest and the console's uploads), and an item's drawn cover. */
export { ladderOf, packageRecording, RecordingRefused } from "./media-build/package-recording.ts";
export { toolCommand, writeCover } from "./media-build/hls.ts";
export { writeToneRecording } from "./media-build/tone-recording.ts";

export interface FaqEntry {
  slug: string;
  name: string;
  answer: string;
}

function readJson<T>(relative: string): T {
  return JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as T;
}

/** The questions and answers of /faq, in display order. */
export function loadFaq(): FaqEntry[] {
  return readJson<FaqEntry[]>("./demo/faq.json");
}

/** The shipped demo catalogue: tags, items, collections, screens and the 14-day plan. */
export function loadCatalogue(): Catalogue {
  return readJson<Catalogue>("./demo/catalogue.json");
}

/** Facts about every stream of the demo media pack (written by content/media-build/build.ts). */
export function loadMediaManifest(): MediaManifest {
  return existsSync(new URL("./media/manifest.json", import.meta.url)) ? readJson<MediaManifest>("./media/manifest.json") : {};
}

/** The folder of the shipped media pack (HLS and covers). */
export const DEMO_MEDIA_DIR = new URL("./media/", import.meta.url);
export * from "./item-row.ts";

/** The shipped packages and checkouts (prices in cents, USD and EUR, card and wallet). */
export function loadPlans(): Plans {
  return readJson<Plans>("./demo/plans.json");
}

/** The shipped quizzes (onboarding and custom), as raw JSON: the API checks them against the QuizDefinition schema at start-up. */
export function loadQuizzes(): unknown {
  return readJson<unknown>("./demo/quizzes.json");
}

/** The shipped coming-soon funnels, as raw JSON: the API checks them against the ComingSoonFunnelDefinitions schema at start-up. */
export function loadComingSoon(): unknown {
  return readJson<unknown>("./demo/coming-soon.json");
}

/** The shipped video-sales pages, as raw JSON: the API checks them against the VslDefinition schema at start-up. */
export function loadVsl(): unknown {
  return readJson<unknown>("./demo/vsl.json");
}

/** The shipped sales pages, as raw JSON: the API checks them against the SalesPageDefinitions schema at start-up. */
export function loadSalesPages(): unknown {
  return readJson<unknown>("./demo/sales-pages.json");
}

/** The shipped campaign landing pages of /lp/{lp}, as raw JSON: the API checks them against LandingPageDefinitions at start-up. */
export function loadLandingPages(): unknown {
  return readJson<unknown>("./demo/landing-pages.json");
}

/** The shipped CBT workbooks, as raw JSON: the API checks them against WorkbookDefinitions and the workbook rules at start-up. */
export function loadWorkbooks(): unknown {
  return readJson<unknown>("./demo/workbooks.json");
}

/** The shipped quotes of the dashboard, as raw JSON: the API checks them against QuoteDefinitions at start-up. */
export function loadQuotes(): unknown {
  return readJson<unknown>("./demo/quotes.json");
}
