import { useEffect, useRef, useState } from "react";
import { getVsl, useVsl } from "../../../lib/server-data/vsl";
import { VideoStill } from "./art";
import styles from "../sales-page.module.css";
import type { AttachStream } from "../../../lib/attach-stream";

export type { AttachStream };

/**
 * The hero's video, 600 px wide at most (the whole width on a phone), from a video-sales page
 * (GET /vsl/{slug}). Until the first press of its play button the frame shows a still drawn in the
 * page, and nothing of the video is fetched: the page paints without waiting on it, and a visitor
 * who never plays it downloads none of it. Its play button is hidden while the video plays and back
 * on pause.
 */
export function HeroVideo({ slug, title, attachStream }: { slug: string; title: string; attachStream: AttachStream }) {
  const [started, setStarted] = useState(false);
  // The hero keeps its video (and the cookies the answer set) for five minutes.
  const vsl = useVsl(slug, { enabled: started, staleTime: 5 * 60_000 });
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const playlist = vsl.data?.video.playlist ?? null;

  useEffect(() => {
    const media = video.current;
    if (!media || playlist === null) return;
    const controller = new AbortController();
    let handle: { destroy(): void } | null = null;
    // The page's answer set the video's cookies; a refused segment asks for it again, which sets fresh ones.
    const cookies = (force: boolean) => (force ? getVsl(slug) : Promise.resolve());
    attachStream(media, playlist, controller.signal, { cookies }).then(
      (attached) => {
        if (controller.signal.aborted) {
          attached?.destroy();
          return;
        }
        handle = attached;
        // The press that started the video plays it as soon as its stream is in place.
        void Promise.resolve(media.play()).catch(() => setPlaying(false));
      },
      () => setFailed(true),
    );
    return () => {
      controller.abort();
      handle?.destroy();
    };
  }, [attachStream, playlist, slug]);

  const play = () => {
    const media = video.current;
    if (!media) return;
    if (!started) setStarted(true);
    else void Promise.resolve(media.play()).catch(() => setPlaying(false));
  };
  const loading = started && !playing && playlist === null && !vsl.isError;

  return (
    <div className={styles.videoFrame}>
      <video
        ref={video}
        className={styles.video}
        playsInline
        preload="metadata"
        controls={playing}
        poster={vsl.data?.video.poster ?? undefined}
        hidden={!started}
        aria-label={title}
        data-testid="sales-video"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      {!started && <VideoStill className={styles.videoStill} />}
      {!playing && !vsl.isError && !failed && (
        <button type="button" className={styles.playButton} onClick={play} aria-label="Play the video" aria-busy={loading}>
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
