import type { ReactNode } from "react";
import { NightBandPage, nightSky } from "../../../components/layout/night-band";
import { Skeleton } from "../../../components/ui/skeleton";
import styles from "./results.module.css";

/** The frame of both results screens: the paywall's night band behind the brand and the hero, cards below. */
export function ResultsShell({ hero, children }: { hero: ReactNode; children?: ReactNode }) {
  return (
    <NightBandPage>
      <div className={`${nightSky} ${styles.top}`}>{hero}</div>
      <div className={styles.content}>{children}</div>
    </NightBandPage>
  );
}

/**
 * While the result is on its way: the frame with a plain heading and a calm placeholder of the first
 * card. The server also paints it before the page's code runs (prerendered at build time).
 */
export function ResultsLoading() {
  return (
    <ResultsShell
      hero={
        <section className={styles.intro} aria-busy="true" aria-labelledby="result-loading">
          <p className={styles.eyebrow}>Your result</p>
          <h1 id="result-loading" className={styles.title}>
            Putting your result together
          </h1>
          <p className={styles.subtitle}>It takes a moment. Thank you for answering so openly.</p>
        </section>
      }
    >
      <section className={styles.main} aria-hidden="true">
        <Skeleton className={styles.blockSkeleton} />
      </section>
    </ResultsShell>
  );
}
