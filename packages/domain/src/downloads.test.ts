import { describe, expect, it } from "vitest";
import {
  downloadStreamField,
  downloadsToRemove,
  formatDownloadSize,
  isKeptCatalogueRead,
  keptAnswerKey,
  lowestVariant,
  mayDownload,
  offlineNavigation,
  parsePlaylist,
  subscriberForPlayer,
  singleVariantMaster,
} from "./downloads.ts";

const MEDIA = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:6
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="init.mp4"
#EXTINF:6.037188,
seg-0.m4s
#EXTINF:5.990748,
seg-1.m4s
#EXT-X-ENDLIST
`;

const MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=192000,AVERAGE-BANDWIDTH=180000,CODECS="mp4a.40.2"
high/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.2"
low/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=96000,CODECS="mp4a.40.2"
mid/index.m3u8
`;

describe("what may be downloaded", () => {
  it("lets anyone keep a free item and only a subscriber keep a premium one", () => {
    expect(mayDownload({ free: true, streams: ["audio"] }, false)).toBe(true);
    expect(mayDownload({ free: false, streams: ["audio_male"] }, true)).toBe(true);
    expect(mayDownload({ free: false, streams: ["audio_male"] }, false)).toBe(false);
    expect(mayDownload({ free: false, streams: ["audio_male"] }, null)).toBe(false);
  });

  it("refuses an item with no stream", () => {
    expect(mayDownload({ free: true, streams: [] }, true)).toBe(false);
  });

  it("keeps the audio of the voice playing, else the own audio, else what plays", () => {
    const all = ["video_male", "audio_male", "video_female", "audio_female"] as const;
    expect(downloadStreamField(all, "video_female")).toBe("audio_female");
    expect(downloadStreamField(all, "video_male")).toBe("audio_male");
    expect(downloadStreamField(all, null)).toBe("audio_male");
    expect(downloadStreamField(["video", "audio"], "video")).toBe("audio");
    expect(downloadStreamField(["video_female"], "video_female")).toBe("video_female");
    expect(downloadStreamField(["video"], null)).toBe("video");
    expect(downloadStreamField([], null)).toBeNull();
  });
});

describe("what goes when the subscription ends", () => {
  const kept = [
    { id: 1, free: true },
    { id: 2, free: false },
    { id: 3, free: false },
  ];

  it("removes every premium download from a member who no longer subscribes", () => {
    expect(downloadsToRemove(kept, false).map((download) => download.id)).toEqual([2, 3]);
  });

  it("removes nothing while the member subscribes", () => {
    expect(downloadsToRemove(kept, true)).toEqual([]);
  });

  it("plays a premium download offline only while the status cannot be read", () => {
    expect(subscriberForPlayer(false, true, true)).toBe(true);
    expect(subscriberForPlayer(null, true, true)).toBe(true);
    expect(subscriberForPlayer(false, false, true)).toBe(false);
    expect(subscriberForPlayer(false, true, false)).toBe(false);
    expect(subscriberForPlayer(null, false, false)).toBeNull();
    expect(subscriberForPlayer(true, false, false)).toBe(true);
  });
});

describe("reading a playlist", () => {
  it("lists a media playlist's init file and segments in order", () => {
    expect(parsePlaylist(MEDIA)).toEqual({ kind: "media", files: ["init.mp4", "seg-0.m4s", "seg-1.m4s"] });
  });

  it("reads Windows line ends", () => {
    expect(parsePlaylist(MEDIA.replaceAll("\n", "\r\n"))).toEqual(parsePlaylist(MEDIA));
  });

  it("finds a master playlist's variants and picks the lowest", () => {
    const parsed = parsePlaylist(MASTER);
    expect(parsed.kind).toBe("master");
    if (parsed.kind !== "master") return;
    expect(parsed.variants.map((variant) => [variant.uri, variant.bandwidth])).toEqual([
      ["high/index.m3u8", 192000],
      ["low/index.m3u8", 64000],
      ["mid/index.m3u8", 96000],
    ]);
    expect(lowestVariant(parsed.variants).uri).toBe("low/index.m3u8");
  });

  it("does not take AVERAGE-BANDWIDTH for BANDWIDTH", () => {
    const parsed = parsePlaylist(
      "#EXTM3U\n#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=10,BANDWIDTH=500\na.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=100\nb.m3u8\n",
    );
    expect(parsed.kind === "master" && lowestVariant(parsed.variants).uri).toBe("b.m3u8");
  });

  it("writes a master playlist that names only the kept variant", () => {
    const parsed = parsePlaylist(MASTER);
    if (parsed.kind !== "master") throw new Error("expected a master playlist");
    const kept = singleVariantMaster(lowestVariant(parsed.variants));
    expect(parsePlaylist(kept)).toEqual({ kind: "master", variants: [lowestVariant(parsed.variants)] });
  });

  it("refuses text that is not a playlist, or one without segments", () => {
    expect(() => parsePlaylist("<html>offline</html>")).toThrow("Not an HLS playlist.");
    expect(() => parsePlaylist("#EXTM3U\n#EXT-X-VERSION:7\n")).toThrow("A playlist without segments.");
    expect(() => parsePlaylist("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n")).toThrow("A variant without an address.");
    expect(() => lowestVariant([])).toThrow();
  });
});

describe("the catalogue the worker keeps", () => {
  it.each([
    "/api/v1/meditation-sleep",
    "/api/v1/meditation-sleep/12",
    "/api/v1/music-soundscape/4/recommendations",
    "/api/v1/screen/home",
    "/api/v1/collection/3",
    "/api/v1/tags",
    "/api/v1/personal-plan-by-day",
    "/api/v1/recently-played",
    "/api/v1/favorite",
    "/api/v1/recommendation",
  ])("keeps GET %s", (path) => {
    expect(isKeptCatalogueRead("GET", path)).toBe(true);
  });

  it.each([
    "/api/v1/user",
    "/api/v1/user/account-status",
    "/api/v1/user/token",
    "/api/v1/user/cloudfront-cookies",
    "/api/v1/user/billing",
    "/api/v1/package/web",
    "/api/v1/checkout/42",
    "/api/v1/user/notes",
    "/api/v1/search",
    "/api/v1/meditation-sleep/12/../../user",
    "/api/v1/not-a-model/1",
    "/media/premium/a/index.m3u8",
    "/home",
  ])("never keeps GET %s", (path) => {
    expect(isKeptCatalogueRead("GET", path)).toBe(false);
  });

  it("never keeps a write", () => {
    expect(isKeptCatalogueRead("POST", "/api/v1/meditation-sleep")).toBe(false);
    expect(isKeptCatalogueRead("PUT", "/api/v1/meditation-sleep/1")).toBe(false);
  });

  it("stores answers without the time stamp, other parameters in order", () => {
    expect(keptAnswerKey("https://x.test/api/v1/meditation?t=1&tags=b&page=2")).toBe("https://x.test/api/v1/meditation?page=2&tags=b");
    expect(keptAnswerKey("https://x.test/api/v1/meditation/3?t=99")).toBe("https://x.test/api/v1/meditation/3");
  });
});

describe("navigations without a network", () => {
  it("opens the members' area and the player from the app shell", () => {
    expect(offlineNavigation("/home")).toBe("app-shell");
    expect(offlineNavigation("/profile/downloads")).toBe("app-shell");
    expect(offlineNavigation("/meditation/12")).toBe("app-shell");
  });

  it("shows the offline page for public pages and unknown addresses", () => {
    expect(offlineNavigation("/")).toBe("offline-page");
    expect(offlineNavigation("/quiz")).toBe("offline-page");
    expect(offlineNavigation("/no/such/place/here")).toBe("offline-page");
  });
});

describe("sizes", () => {
  it("says sizes the way the list shows them", () => {
    expect(formatDownloadSize(512)).toBe("512 B");
    expect(formatDownloadSize(287_400)).toBe("287 KB");
    expect(formatDownloadSize(1_420_000)).toBe("1.4 MB");
  });
});
