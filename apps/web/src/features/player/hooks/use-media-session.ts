import { useEffect, useRef } from "react";

export interface MediaSessionOptions {
  title: string;
  artist: string;
  /** Cover art address. */
  artwork: string | null;
  onPlay: () => void;
  onPause: () => void;
  onSeekBackward: () => void;
  onSeekForward: () => void;
}

const hasMediaSession = () => typeof navigator !== "undefined" && "mediaSession" in navigator && typeof MediaMetadata !== "undefined";

/** The browser's and the phone's own controls: title, product name, cover, and play/pause/skip. */
export function useMediaSession({ title, artist, artwork, ...actions }: MediaSessionOptions) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    if (!hasMediaSession()) return;
    const absolute = artwork ? new URL(artwork, window.location.href).href : null;
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist,
      artwork: absolute ? [{ src: absolute, sizes: "512x512", type: absolute.endsWith(".svg") ? "image/svg+xml" : undefined }] : [],
    });
    const handlers: [MediaSessionAction, () => void][] = [
      ["play", () => latest.current.onPlay()],
      ["pause", () => latest.current.onPause()],
      ["seekbackward", () => latest.current.onSeekBackward()],
      ["seekforward", () => latest.current.onSeekForward()],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
    return () => {
      navigator.mediaSession.metadata = null;
      for (const [action] of handlers) {
        try {
          navigator.mediaSession.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
    };
  }, [title, artist, artwork]);
}

/** Tells the browser whether the player plays, for its own play/pause button. */
export function setMediaSessionState(state: MediaSessionPlaybackState) {
  if (hasMediaSession()) navigator.mediaSession.playbackState = state;
}
