import { useCallback, useEffect, useRef, useState } from "react";
import { getSalesVideo, useSalesVideo } from "../api/sales-video";
import styles from "../sales-page.module.css";

/**
 * Puts an HLS playlist into the video element (the player's stream loader: native HLS where the
 * browser has it, else hls.js, imported only when needed); the route module supplies it.
 */
export type AttachStream = (
  media: HTMLMediaElement,
  url: string,
  signal: AbortSignal,
  options: { cookies: (force: boolean) => Promise<unknown> },
) => Promise<{ destroy(): void } | null>;

/**
 * The hero's video, 600 px wide at most (the whole width on a phone), from a video-sales page
 * (GET /vsl/{slug}). Its own play button is hidden while the video plays and back on pause.
 */
export function HeroVideo({ slug, title, attachStream }: { slug: string; title: string; attachStream: AttachStream }) {
  const vsl = useSalesVideo(slug);
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const playlist = vsl.data?.video.playlist ?? null;
  /** Whether the stream is in the video element yet: a press before that plays once it is. */
  const attached = useRef(false);
  const wantsPlay = useRef(false);

  const startPlaying = useCallback((media: HTMLVideoElement) => {
    wantsPlay.current = false;
    void Promise.resolve(media.play()).catch(() => setPlaying(false));
  }, []);

  useEffect(() => {
    const media = video.current;
    if (!media || playlist === null) return;
    const controller = new AbortController();
    let handle: { destroy(): void } | null = null;
    // The page's answer set the video's cookies; a refused segment asks for it again, which sets fresh ones.
    const cookies = (force: boolean) => (force ? getSalesVideo(slug) : Promise.resolve());
    attachStream(media, playlist, controller.signal, { cookies }).then(
      (stream) => {
        if (controller.signal.aborted) return stream?.destroy();
        handle = stream;
        attached.current = true;
        if (wantsPlay.current) startPlaying(media);
      },
      () => setFailed(true),
    );
    return () => {
      controller.abort();
      attached.current = false;
      handle?.destroy();
    };
  }, [attachStream, playlist, slug, startPlaying]);

  const play = () => {
    const media = video.current;
    if (!media) return;
    // Pressed while the page's video or its stream is still on the way: it starts as soon as it is in place.
    if (!attached.current) {
      wantsPlay.current = true;
      return;
    }
    startPlaying(media);
  };

  return (
    <div className={styles.videoFrame}>
      <video
        ref={video}
        className={styles.video}
        playsInline
        preload="metadata"
        controls={playing}
        poster={vsl.data?.video.poster ?? undefined}
        aria-label={title}
        data-testid="sales-video"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      {!playing && !vsl.isError && !failed && (
        <button type="button" className={styles.playButton} onClick={play} aria-label="Play the video">
          <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <path d="M18 14 L36 24 L18 34 Z" fill="currentColor" />
          </svg>
        </button>
      )}
      {(vsl.isError || failed) && (
        <p className={styles.videoNote}>The video could not start just now. Everything it shows is on this page.</p>
      )}
    </div>
  );
}
