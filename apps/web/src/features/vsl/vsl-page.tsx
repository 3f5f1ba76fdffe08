import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { NightBandPage, nightSky } from "../../components/layout/night-band";
import { ButtonLink } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { analytics } from "../../lib/analytics";
import { isNotFound as isMissingVsl } from "../../lib/server-data/retry";
import { getVsl, useVsl, type Vsl } from "../../lib/server-data/vsl";
import styles from "./vsl-page.module.css";
import type { AttachStream } from "../../lib/attach-stream";

export type { AttachStream };

/** A video-sales page (spec 000 section 2): a video, and a call to action that appears during playback. */
export function VslPage({ attachStream }: { attachStream: AttachStream }) {
  const { slug = "" } = useParams();
  const vsl = useVsl(slug);
  return (
    <NightBandPage wide>
      {vsl.isPending ? (
        <div className={`${nightSky} ${styles.top}`} aria-busy="true" aria-label="Loading the video">
          <div className={styles.inner}>
            <Skeleton className={styles.skeletonTitle} />
            <Skeleton className={styles.skeletonVideo} />
          </div>
        </div>
      ) : vsl.isError ? (
        <div className={`${nightSky} ${styles.top}`}>
          <section className={styles.inner} aria-labelledby="vsl-missing">
            <h1 id="vsl-missing" className={styles.title}>
              {isMissingVsl(vsl.error) ? "This video is not here any more" : "The video did not load"}
            </h1>
            <p className={styles.subtitle}>
              {isMissingVsl(vsl.error)
                ? "The link may be old. Our two-minute quiz is a good place to start instead."
                : "It may be the connection. You can try again in a moment, or start with our quiz."}
            </p>
            <div>
              <ButtonLink to="/quiz" variant="accent" size="lg">
                Start my quiz
              </ButtonLink>
            </div>
          </section>
        </div>
      ) : (
        <VslContent vsl={vsl.data} attachStream={attachStream} />
      )}
    </NightBandPage>
  );
}

function VslContent({ vsl, attachStream }: { vsl: Vsl; attachStream: AttachStream }) {
  const video = useRef<HTMLVideoElement>(null);
  const [ctaShown, setCtaShown] = useState(vsl.cta_at_seconds === 0);
  const [failed, setFailed] = useState(false);
  const tracked = useRef(false);

  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    analytics.track("vsl_view", { funnel: vsl.slug, quiz: vsl.next.kind === "quiz" ? vsl.next.quiz_slug : "" });
  }, [vsl]);

  useEffect(() => {
    const media = video.current;
    if (!media) return;
    const controller = new AbortController();
    let handle: { destroy(): void } | null = null;
    // The page's own answer set the cookies; a 403 later asks for the page again, which sets a fresh set.
    const cookies = (force: boolean) => (force ? getVsl(vsl.slug) : Promise.resolve());
    attachStream(media, vsl.video.playlist, controller.signal, { cookies }).then(
      (attached) => {
        if (controller.signal.aborted) attached?.destroy();
        else handle = attached;
      },
      () => setFailed(true),
    );
    return () => {
      controller.abort();
      handle?.destroy();
    };
  }, [attachStream, vsl.slug, vsl.video.playlist]);

  // The call to action appears once playback reaches its moment, and stays.
  const onTime = () => {
    const media = video.current;
    if (media && media.currentTime >= vsl.cta_at_seconds) setCtaShown(true);
  };

  return (
    <>
      <div className={`${nightSky} ${styles.top}`}>
        <section className={styles.inner} aria-labelledby="vsl-title">
          <h1 id="vsl-title" className={styles.title}>
            {vsl.title}
          </h1>
          <p className={styles.subtitle}>{vsl.subtitle}</p>
          <div className={styles.stage}>
            <video
              ref={video}
              className={styles.video}
              controls
              playsInline
              preload="metadata"
              poster={vsl.video.poster ?? undefined}
              aria-label={vsl.title}
              data-testid="vsl-video"
              onTimeUpdate={onTime}
              onEnded={() => setCtaShown(true)}
            />
          </div>
          {failed && <p className={styles.subtitle}>The video could not start just now. You can go on without it.</p>}
          <div className={styles.ctaSlot} aria-live="polite">
            {(ctaShown || failed) && (
              <ButtonLink to={vsl.next.path} variant="accent" size="lg" className={styles.cta}>
                {vsl.cta_label}
              </ButtonLink>
            )}
          </div>
        </section>
      </div>
      {vsl.points.length > 0 && (
        <section className={styles.points} aria-label="What you will find">
          <ul>
            {vsl.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
