import { ensureSignedCookies } from "../api/signed-cookies";

const HLS_MIME = "application/vnd.apple.mpegurl";

export interface StreamHandle {
  /** Resolves when the stream can be played (its playlist is parsed or its metadata loaded). */
  ready: Promise<void>;
  destroy(): void;
}

/** True when the browser plays HLS itself (Safari, iOS); hls.js is then never downloaded. */
function playsHlsNatively(media: HTMLMediaElement): boolean {
  return typeof media.canPlayType === "function" && media.canPlayType(HLS_MIME) !== "";
}

function nativeStream(media: HTMLMediaElement, url: string): StreamHandle {
  const ready = new Promise<void>((resolve) => {
    if (media.readyState >= 1 && media.currentSrc === url) return resolve();
    media.addEventListener("loadedmetadata", () => resolve(), { once: true });
  });
  media.src = url;
  media.load();
  return {
    ready,
    destroy() {
      media.removeAttribute("src");
      media.load();
    },
  };
}

export interface StreamOptions {
  /**
   * Puts the media's signed cookies in place (`force`: a fresh set, after the media answered 403).
   * By default the member's set from GET /user/cloudfront-cookies; a page whose own answer sets the
   * cookies for its one video (a video-sales page) passes its own.
   */
  cookies?: (force: boolean) => Promise<unknown>;
  /**
   * Where playback will begin, in seconds (the member's place): hls.js fetches that part of the
   * stream first instead of its beginning. The engine still sets the element's place before it plays.
   */
  startPosition?: number;
}

/**
 * Loads an HLS playlist into a media element after the signed cookies are in place: natively where
 * the browser can, otherwise through hls.js, imported on first need so it stays out of every other
 * page's code. Requests carry credentials; a 403 (expired cookies) fetches a fresh set and resumes.
 * Resolves null when `signal` aborted meanwhile.
 */
export async function loadStream(
  media: HTMLMediaElement,
  url: string,
  signal: AbortSignal,
  { cookies = ensureSignedCookies, startPosition = 0 }: StreamOptions = {},
): Promise<StreamHandle | null> {
  // Without a network the cookies cannot be had; a downloaded stream plays from the device without
  // them (decision 047), and online a refused request fetches a fresh set below.
  await cookies(false).catch(() => undefined);
  if (signal.aborted) return null;
  // Offline, a downloaded stream is read through hls.js, whose requests the service worker answers
  // from the device; the browser's own HLS player does not find the downloaded segments (decision 047).
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  if (playsHlsNatively(media) && !offline) return nativeStream(media, url);

  const { default: Hls } = await import("hls.js/light");
  if (signal.aborted) return null;
  if (!Hls.isSupported()) return nativeStream(media, url);

  const hls = new Hls({
    xhrSetup: (xhr) => {
      xhr.withCredentials = true;
    },
    // The decoder worker comes from a blob: address, which the policy allows (worker-src 'self' blob:).
    enableWorker: true,
    maxBufferLength: 30,
    // -1: hls.js's own choice (the beginning of an on-demand stream).
    startPosition: startPosition > 0 ? startPosition : -1,
  });
  let retries = 0;
  const ready = new Promise<void>((resolve) => {
    hls.once(Hls.Events.MANIFEST_PARSED, () => resolve());
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR && retries < 3) {
      retries += 1;
      const refused = data.response?.code === 403;
      void (refused ? cookies(true) : Promise.resolve())
        .catch(() => undefined)
        .then(() => hls.startLoad(media.currentTime > 0 ? media.currentTime : -1));
      return;
    }
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && retries < 3) {
      retries += 1;
      hls.recoverMediaError();
      return;
    }
    console.error("The stream could not be played.", data.details);
    hls.destroy();
  });
  hls.on(Hls.Events.FRAG_LOADED, () => {
    retries = 0;
  });
  hls.loadSource(url);
  hls.attachMedia(media);
  return {
    ready,
    destroy() {
      hls.destroy();
      media.removeAttribute("src");
    },
  };
}
