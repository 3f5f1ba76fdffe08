import type { ContentItem } from "@serene/contracts";
import { vi } from "vitest";
import { forgetSignedCookies } from "../features/player/api/signed-cookies";
import { PlayerPage } from "../features/player/components/player-page";
import { FREE_STATUS } from "./account-status";
import { mockApi, renderPage } from "./render";

/** Every stream field empty: spread it, then set the streams a test needs. */
export const NO_STREAMS = { video_male: null, video_female: null, audio_male: null, audio_female: null, audio: null, video: null };

/** A free HLS stream below /media/free/. */
export const hls = (path: string) => ({ hls: { playlist: `/media/free/${path}/index.m3u8` } });

/** Signed media cookies that stay valid for the hour. */
export const SIGNED_COOKIES = {
  policy: "p",
  signature: "s",
  key_pair_id: "k",
  expires_at: new Date(Date.now() + 3600_000).toISOString(),
};

/** "Morning Light" (meditation-sleep 11): a free 10-minute session, the male voice over the rain bed. */
export function morningLight(overrides: Partial<ContentItem> = {}): ContentItem {
  return {
    id: 11,
    model: "meditation-sleep",
    name: "Morning Light",
    cover: "/media/covers/morning-light.svg",
    type: "Meditations",
    duration: 10,
    amount_lessons: null,
    free: true,
    favorite: false,
    description: "A gentle start to the day.",
    daily_featured_cover: "/media/covers/morning-light.svg",
    background: { web: "/media/covers/morning-light.svg" },
    poster: "/media/covers/morning-light.svg",
    complete: false,
    watched: false,
    tags: [],
    goal: null,
    ...NO_STREAMS,
    audio_male: hls("morning-light/audio-male"),
    soundscape: { main_format: hls("ambient/rain") },
    audios: [],
    meditation: [],
    ...overrides,
  };
}

/**
 * A signed-in member with no signed cookies yet, and media elements that neither load nor play
 * (each pause is passed to onPause).
 */
export function signedInWithQuietMedia(onPause: (media: HTMLMediaElement) => void = () => undefined) {
  window.localStorage.setItem("t", "token");
  forgetSignedCookies();
  vi.spyOn(HTMLMediaElement.prototype, "load").mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    onPause(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
}

/** The API behind the player page for a free member: the item, signed cookies and no recommendations. */
export function mockPlayerApi(content: ContentItem = morningLight(), extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET ${content.model}/${content.id}`]: [200, { data: content }],
    "GET user/account-status": [200, FREE_STATUS],
    "GET user/cloudfront-cookies": [200, SIGNED_COOKIES],
    [`GET ${content.model}/${content.id}/recommendations`]: [200, { data: [] }],
    ...extra,
  });
}

/** Opens the player page at /model/id. */
export const openPlayer = (model: Parameters<typeof PlayerPage>[0]["model"] = "meditation-sleep", id = "11") =>
  renderPage(() => <PlayerPage model={model} id={id} />, { at: `/${model}/${id}` });
