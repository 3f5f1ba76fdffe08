/**
 * Puts an HLS playlist into a video element: the player's stream loader (native HLS where the
 * browser has it, else hls.js, imported only when needed). Pages that play a video outside the
 * player (the video-sales page, the sales page's hero) get it from their route module.
 */
export type AttachStream = (
  media: HTMLMediaElement,
  url: string,
  signal: AbortSignal,
  options: { cookies: (force: boolean) => Promise<unknown> },
) => Promise<{ destroy(): void } | null>;
