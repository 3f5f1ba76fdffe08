import type { ReactNode } from "react";
import { BrandLink } from "../../../components/brand/brand-link";
import { Skeleton } from "../../../components/ui/skeleton";
import styles from "./results.module.css";

/** The frame of both results screens: the paywall's night band behind the brand and the hero, cards below. */
export function ResultsShell({ hero, children }: { hero: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <BrandLink to="/" className={styles.brand} />
        </div>
      </header>
      <main id="main">
        <div className={styles.top}>{hero}</div>
        <div className={styles.content}>{children}</div>
      </main>
    </div>
  );
}

/** While the result is on its way: the frame with calm placeholders of the title and the first card. */
export function ResultsLoading() {
  return (
    <ResultsShell
      hero={
        <section className={styles.intro} aria-busy="true" aria-label="Loading your result">
          <p className={styles.eyebrow}>Your result</p>
          <Skeleton className={styles.titleSkeleton} />
        </section>
      }
    >
      <section className={styles.main} aria-hidden="true">
        <Skeleton className={styles.blockSkeleton} />
      </section>
    </ResultsShell>
  );
}
