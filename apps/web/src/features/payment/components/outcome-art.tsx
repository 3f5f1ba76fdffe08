import styles from "./outcome.module.css";

export type OutcomeTone = "success" | "waiting" | "canceled" | "problem";

/** A small calm mark above an outcome page's title: a tick, a breathing circle, a pause, a note. Decorative. */
export function OutcomeArt({ tone }: { tone: OutcomeTone }) {
  return (
    <div className={[styles.art, styles[tone]].join(" ")} aria-hidden="true">
      <svg viewBox="0 0 48 48" focusable="false">
        <circle cx="24" cy="24" r="22" className={styles.halo} />
        {tone === "success" && <path d="M15 24.5L21.5 31L33.5 18" className={styles.stroke} />}
        {tone === "waiting" && <circle cx="24" cy="24" r="9" className={styles.pulse} />}
        {tone === "canceled" && <path d="M19.5 17V31M28.5 17V31" className={styles.stroke} />}
        {tone === "problem" && <path d="M24 15V26M24 32.5V33" className={styles.stroke} />}
      </svg>
    </div>
  );
}
