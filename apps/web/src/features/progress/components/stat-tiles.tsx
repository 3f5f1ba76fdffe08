import type { SessionStatistics } from "@serene/contracts";
import { useId } from "react";
import { figureValue, type MY_PROGRESS } from "../model";
import styles from "./dashboard.module.css";

const number = new Intl.NumberFormat("en-GB");

/** One of the dashboard's groups of figures ('My Progress', 'My Streaks'): a heading and a tile per figure. */
export function StatTiles({
  title,
  figures,
  stats,
  tone,
}: {
  title: string;
  figures: typeof MY_PROGRESS;
  stats: SessionStatistics;
  tone: "sea" | "dawn";
}) {
  const titleId = useId();
  return (
    <section className={styles.group} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.groupTitle}>
        {title}
      </h2>
      <dl className={[styles.tiles, styles[tone]].join(" ")}>
        {figures.map((figure) => (
          <div key={figure.label} className={styles.tile}>
            <dt className={styles.tileLabel}>{figure.label}</dt>
            <dd className={styles.tileValue}>{number.format(figureValue(stats, figure.field))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
