import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import type { CatalogueSnapshot, ItemRecord } from "./catalogue-snapshot.ts";
import { createContentPresenter } from "./content.presenter.ts";

const item = (overrides: Partial<ItemRecord> = {}): ItemRecord => ({
  id: 7,
  slug: "harbour-evening",
  model: "meditation-sleep",
  type: "Meditations",
  name: "Harbour Evening",
  description: "Boats, rope and a slow tide.",
  free: false,
  goal: null,
  parentId: null,
  position: 0,
  media: { audio_female: "premium/harbour-evening/audio-female" },
  captions: [],
  soundscape: "free/ambient/ocean",
  durationSeconds: 95,
  cover: "covers/harbour-evening.svg",
  tags: [],
  tagSlugs: [],
  children: [],
  ...overrides,
});

const snapshot = { items: new Map() } as unknown as CatalogueSnapshot;
const progress = { played: new Set<number>(), longest: new Map<number, number>() };

describe("content presenter", () => {
  it("addresses media relative to the site by default, so any host name works", () => {
    const config = loadConfig({ NODE_ENV: "test", APP_URL: "https://app.calm.test" });
    expect(config.media.publicUrl).toBe("/media");
    expect(config.media.baseUrl).toBe("https://app.calm.test/media");
    const presented = createContentPresenter(config.media.publicUrl).detail(
      item(),
      snapshot,
      { favorites: new Set(), subscriber: true },
      progress,
    );
    expect(presented.cover).toBe("/media/covers/harbour-evening.svg");
    expect(presented.audio_female).toEqual({ hls: { playlist: "/media/premium/harbour-evening/audio-female/index.m3u8" } });
  });

  it("uses the distribution's address when media comes from elsewhere", () => {
    const config = loadConfig({ NODE_ENV: "test", MEDIA_BASE_URL: "https://media.calm.test/media/" });
    const card = createContentPresenter(config.media.publicUrl).card(item(), { favorites: new Set([7]), subscriber: false });
    expect(card.cover).toBe("https://media.calm.test/media/covers/harbour-evening.svg");
    expect(card.favorite).toBe(true);
    expect(card.duration).toBe(2);
  });

  it("names the captions beside the playlist for exactly the variants that have them", () => {
    const presented = createContentPresenter("/media").detail(
      item({
        media: { audio_female: "premium/harbour-evening/audio-female", audio_male: "premium/harbour-evening/audio-male" },
        captions: ["audio_female"],
      }),
      snapshot,
      { favorites: new Set(), subscriber: true },
      progress,
    );
    expect(presented.audio_female).toEqual({
      hls: {
        playlist: "/media/premium/harbour-evening/audio-female/index.m3u8",
        captions: "/media/premium/harbour-evening/audio-female/captions.vtt",
      },
    });
    expect(presented.audio_male).toEqual({ hls: { playlist: "/media/premium/harbour-evening/audio-male/index.m3u8" } });
    expect(presented.soundscape?.main_format).toEqual({ hls: { playlist: "/media/free/ambient/ocean/index.m3u8" } });
  });

  it("names no captions for a variant the member may not play", () => {
    const presented = createContentPresenter("/media").detail(
      item({ captions: ["audio_female"] }),
      snapshot,
      { favorites: new Set(), subscriber: false },
      progress,
    );
    expect(presented.audio_female).toBeNull();
  });

  it("gives no stream, not even the soundscape, for an item the member may not play", () => {
    const presented = createContentPresenter("/media").detail(item(), snapshot, { favorites: new Set(), subscriber: false }, progress);
    expect(presented.audio_female).toBeNull();
    expect(presented.soundscape).toEqual({ main_format: null });
    expect(presented.video_male).toBeNull();
  });
});
