export type EventProperties = Record<string, string | number | boolean | null>;

/** Something that receives product events: the first-party store, GA4, the Meta Pixel. */
export interface AnalyticsAdapter {
  pageView(path: string): void;
  track(name: string, properties: EventProperties, path: string): void;
}
