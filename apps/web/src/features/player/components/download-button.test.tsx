import { DOWNLOADS_CACHE } from "@serene/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useToastStore } from "../../../components/ui/toast-store";
import { FakeCacheStorage } from "../../../test/fake-caches";
import { mockApi, renderPage } from "../../../test/render";
import { settle } from "../../../test/settle";
import { forgetSignedCookies } from "../api/signed-cookies";
import { DOWNLOAD_FAILED, DownloadButton } from "./download-button";

const MEDIA = "http://localhost/media/free/calm/audio-male";
const PLAYLIST = `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6,\nseg-0.m4s\n#EXTINF:6,\nseg-1.m4s\n#EXT-X-ENDLIST\n`;
const stream = (path: string) => ({ hls: { playlist: `${path}/index.m3u8` } });

const item = {
  id: 7,
  model: "meditation-sleep",
  name: "Calm Shore",
  cover: "http://localhost/media/covers/calm-shore.svg",
  free: true,
  audio_male: stream(MEDIA),
  video_male: stream("http://localhost/media/free/calm/video-male"),
  audio_female: null,
  video_female: null,
  audio: null,
  video: null,
  soundscape: { main_format: stream("http://localhost/media/free/bed/audio") },
};

let storage: FakeCacheStorage;
/** Media answers by path; a function can hold one back. */
let media: Record<string, string | (() => Promise<Response>)>;

beforeEach(() => {
  storage = new FakeCacheStorage();
  vi.stubGlobal("caches", storage);
  window.localStorage.setItem("t", "token");
  forgetSignedCookies();
  media = {
    "/media/free/calm/audio-male/index.m3u8": PLAYLIST,
    "/media/free/calm/audio-male/init.mp4": "i".repeat(1_000),
    "/media/free/calm/audio-male/seg-0.m4s": "s".repeat(150_000),
    "/media/free/calm/audio-male/seg-1.m4s": "s".repeat(130_000),
    "/media/covers/calm-shore.svg": "<svg/>",
  };
  const api = mockApi({
    "GET user/cloudfront-cookies": [200, { expires_at: new Date(Date.now() + 3_600_000).toISOString() }],
    "GET meditation-sleep/7": [200, { data: item }],
  });
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (!url.pathname.startsWith("/media/")) return api.fetchMock(input, init);
    const answer = media[url.pathname];
    if (typeof answer === "function") return answer();
    return answer === undefined ? new Response("missing", { status: 404 }) : new Response(answer, { status: 200 });
  });
});
afterEach(() => forgetSignedCookies());

const renderButton = (props: Partial<Parameters<typeof DownloadButton>[0]> = {}) =>
  renderPage(
    () => (
      <DownloadButton
        model="meditation-sleep"
        id={7}
        free
        streams={["video_male", "audio_male"]}
        playing="video_male"
        subscriber={false}
        {...props}
      />
    ),
    { at: "/meditation-sleep/7" },
  );

describe("the Download button", () => {
  it("downloads the voice's audio with its playlist, init file, segments, cover and answer, then offers Remove", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    media["/media/free/calm/audio-male/seg-1.m4s"] = async () => {
      await held;
      return new Response("s".repeat(130_000));
    };
    renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Download" }));
    // One of four files still on its way (init, two segments, cover): the first two are in.
    expect(await screen.findByRole("button", { name: "Downloading… 50%" })).toHaveProperty("disabled", true);
    release();
    expect(await screen.findByText("Downloaded · 281 KB")).toBeTruthy();
    expect(storage.paths(DOWNLOADS_CACHE)).toEqual([
      "/media/free/calm/audio-male/index.m3u8",
      "/media/free/calm/audio-male/init.mp4",
      "/media/free/calm/audio-male/seg-0.m4s",
      "/media/free/calm/audio-male/seg-1.m4s",
      "/media/covers/calm-shore.svg",
      "/api/v1/meditation-sleep/7",
      "/offline/downloads/meditation-sleep/7",
    ]);
    // The answer kept for offline plays only what is on the device: no video, no bed.
    const cache = await storage.open(DOWNLOADS_CACHE);
    const answer = (await (await cache.match(new URL("/api/v1/meditation-sleep/7", window.location.origin).toString()))!.json()) as {
      data: typeof item;
    };
    expect(answer.data.audio_male).toEqual(item.audio_male);
    expect(answer.data.video_male).toBeNull();
    expect(answer.data.soundscape).toBeNull();

    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(await screen.findByRole("button", { name: "Download" })).toBeTruthy();
    expect(storage.paths(DOWNLOADS_CACHE)).toEqual([]);
  });

  it("keeps only a master playlist's lowest rendition, and a master that names only it", async () => {
    const master = "http://localhost/media/free/calm/audio-male/index.m3u8";
    media["/media/free/calm/audio-male/index.m3u8"] =
      "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=256000\nhigh/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=64000\nlow/index.m3u8\n";
    media["/media/free/calm/audio-male/low/index.m3u8"] = PLAYLIST;
    media["/media/free/calm/audio-male/low/init.mp4"] = "i";
    media["/media/free/calm/audio-male/low/seg-0.m4s"] = "s";
    media["/media/free/calm/audio-male/low/seg-1.m4s"] = "s";
    renderButton();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Download" }));
    await screen.findByText(/^Downloaded · /);
    const paths = storage.paths(DOWNLOADS_CACHE);
    expect(paths.filter((path) => path.includes("/low/"))).toHaveLength(4);
    expect(paths.some((path) => path.includes("/high/"))).toBe(false);
    const kept = await (await (await storage.open(DOWNLOADS_CACHE)).match(master))!.text();
    expect(kept).toContain("low/index.m3u8");
    expect(kept).not.toContain("high/index.m3u8");
  });

  it("says the download did not finish and keeps nothing when a file fails", async () => {
    media["/media/free/calm/audio-male/seg-1.m4s"] = async () => new Response("no", { status: 500 });
    renderButton();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Download" }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(DOWNLOAD_FAILED));
    expect(await screen.findByRole("button", { name: "Download" })).toHaveProperty("disabled", false);
    expect(storage.paths(DOWNLOADS_CACHE)).toEqual([]);
  });

  it("is not offered for a premium item to a free member, and is for a subscriber", async () => {
    const { unmount } = renderButton({ free: false, subscriber: false });
    await settle();
    expect(screen.queryByRole("button", { name: "Download" })).toBeNull();
    unmount();
    renderButton({ free: false, subscriber: true });
    expect(await screen.findByRole("button", { name: "Download" })).toBeTruthy();
  });

  it("is not offered where the browser cannot keep files", async () => {
    vi.stubGlobal("caches", undefined);
    renderButton();
    await settle();
    expect(screen.queryByRole("button", { name: /Download/ })).toBeNull();
  });
});
