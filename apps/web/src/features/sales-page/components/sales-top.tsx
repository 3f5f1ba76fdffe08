import type { AttachStream } from "../../../lib/attach-stream";
import { Button } from "../../../components/ui/button";
import { HeroArt } from "./art";
import { HeroVideo } from "./hero-video";
import styles from "../sales-page.module.css";

export interface SalesTopProps {
  seenOn: readonly string[];
  warning: string;
  /** The hero's title with the greeting already in place. */
  title: string;
  subtitle: string;
  /** The video-sales page whose video the hero plays. */
  video: string;
  /** The participants figure as shown ("1,249"). */
  participants: string;
  participantsLabel: string;
  startLabel: string;
  attachStream: AttachStream;
  onStart: () => void;
}

/**
 * The top of a sales page, down to its start button: 'As Seen On:', the warning, the hero with its
 * video, the participants and the start button. The server paints the same markup before any
 * script (SalesFrame), so the page's first paint and the app's first render are one and the same.
 */
export function SalesTop({
  seenOn,
  warning,
  title,
  subtitle,
  video,
  participants,
  participantsLabel,
  startLabel,
  attachStream,
  onStart,
}: SalesTopProps) {
  return (
    <>
      <section className={styles.seenOn} aria-label="As Seen On" data-section="as-seen-on">
        <span className={styles.seenOnLabel}>As Seen On:</span>
        <ul>
          {seenOn.map((outlet) => (
            <li key={outlet}>{outlet}</li>
          ))}
        </ul>
      </section>

      <p className={styles.warning} role="note" data-section="warning">
        {warning}
      </p>

      <header className={styles.hero} data-section="hero">
        <HeroArt className={styles.heroArt} />
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>{title}</h1>
          <p className={styles.heroSubtitle}>{subtitle}</p>
          <HeroVideo slug={video} title={subtitle} attachStream={attachStream} />
        </div>
      </header>

      <p className={styles.participants} data-section="participants">
        <strong>{participants}</strong> {participantsLabel}
      </p>

      <div className={styles.ctaRow} data-section="start">
        <Button variant="accent" size="lg" className={styles.start} onClick={onStart}>
          {startLabel}
        </Button>
      </div>
    </>
  );
}
