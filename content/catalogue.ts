/**
 * The shape of the shipped catalogue (content/demo/catalogue.json) and of the media manifest
 * (content/media/manifest.json). The seed loads both; the media build script reads the first and
 * writes the second.
 *
 * Media layout, relative to the media root (MEDIA_DIR, served under /media):
 *   free/<slug>/<variant>/index.m3u8      media of a free item (variant: audio-male, audio-female,
 *   premium/<slug>/<variant>/index.m3u8   video-male, video-female, audio, video)
 *   free/ambient/<name>/index.m3u8        looping soundscape beds played under a voice
 *   covers/<slug>.svg                     cover art (public, no signed cookie needed)
 * A free member's signed cookie covers free/* only; a subscriber's covers everything.
 */

import type { ContentModel, ContentType, MediaVariant, ScreenName, SectionType } from "@serene/domain";

// The vocabulary lives in packages/domain; the content scripts read it from here too.
export { CONTENT_MODELS, CONTENT_TYPES, MEDIA_VARIANTS, SCREEN_NAMES, SECTION_TYPES } from "@serene/domain";
export type { ContentModel, ContentType, MediaVariant, ScreenName, SectionType } from "@serene/domain";

export interface CatalogueTag {
  slug: string;
  name: string;
}

export interface CatalogueItem {
  /** Stable numeric id: links are /{model}/{id}. */
  id: number;
  /** Folder and cover name, unique. */
  slug: string;
  model: ContentModel;
  type: ContentType;
  name: string;
  description: string;
  free: boolean;
  /** Tag slugs. */
  tags: string[];
  /** The quiz goal it serves (REDUCE_STRESS, SLEEP_BETTER, ...), if any. */
  goal?: string | null;
  /** Which variants exist, as media paths relative to the media root, e.g. "free/morning-light/audio-male". */
  media?: Partial<Record<MediaVariant, string>>;
  /** The looping bed under a voice, e.g. "free/ambient/rain". */
  soundscape?: string | null;
  /** Build input only: the guided script spoken by espeak-ng (paragraphs become pauses). */
  script?: string;
  /** Courses and playlists: the ids of their sessions or audios, in order. Those items are not listed on their own. */
  children?: number[];
}

export interface CatalogueCollection {
  id: number;
  name: string;
  description: string;
  /** Item ids, in order. */
  items: number[];
}

export interface CatalogueSection {
  id: number;
  name: string;
  section_type: SectionType;
  /** The items shown, in order (a Collection section usually mirrors one collection). */
  items: number[];
  /** The collection "see all" opens, if any. */
  collection?: number | null;
}

export interface CataloguePlanDay {
  day: number;
  /** Item ids, the day's steps in order. */
  items: number[];
}

export interface Catalogue {
  tags: CatalogueTag[];
  items: CatalogueItem[];
  collections: CatalogueCollection[];
  screens: Record<ScreenName, CatalogueSection[]>;
  /** The 14-day personal plan. */
  plan: CataloguePlanDay[];
}

/** What the media build found for each stream: path relative to the media root -> facts. */
export interface MediaManifestEntry {
  /** Seconds, from the playlist. */
  duration: number;
  kind: "audio" | "video";
  bytes: number;
  /** Voiced streams: captions.vtt (WebVTT, timed to the voice) sits beside index.m3u8. */
  captions?: true;
}
export type MediaManifest = Record<string, MediaManifestEntry>;

/** A package of the shipped plans (content/demo/plans.json); amounts in cents. */
export interface PlanPackage {
  id: number;
  /** 1, 3, 6 or 12; 0 for lifetime. */
  months: number;
  provider: "stripe" | "paypal";
  currency: "EUR" | "USD";
  amount_cents: number;
  is_lifetime: boolean;
  is_free_trial: boolean;
  trial_days: number;
  tags: string[];
  placements: string[];
  position: number;
  /** Sold only during a checkout's timed offer (docs/decisions/030-honest-offers.md). */
  offer_only: boolean;
}

export interface PlanCheckout {
  id: number;
  type: "checkout" | "promo";
  theme: "green-main" | "white-main" | "default" | "vsl-type-2";
  name: string;
  /** The sales page copy it is sold with (a slug of content/demo/sales-pages.json). */
  sales_page: string;
  /** After a purchase, show 'Recommended For You Based On Your Answers'. */
  recommendations: boolean;
  /** The timed offer's length in hours. */
  offer_hours: number;
  /** Package ids in order. */
  packages: number[];
}

export interface Plans {
  packages: PlanPackage[];
  checkouts: PlanCheckout[];
}
