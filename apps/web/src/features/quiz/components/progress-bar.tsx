import { progressOf } from "../model";
import styles from "../quiz.module.css";

/** The top of every quiz screen: Back, 'N of total' and the bar. */
export function QuizProgressBar({ index, total, onBack, label }: { index: number; total: number; onBack?: () => void; label?: string }) {
  const { current, percent } = progressOf(index, total);
  return (
    <div className={styles.progress}>
      <div className={styles.progressRow}>
        {onBack ? (
          <button type="button" className={styles.back} onClick={onBack}>
            <span aria-hidden="true">←</span> Back
          </button>
        ) : (
          <span />
        )}
        <p className={styles.count} data-testid="quiz-count">
          {label ?? `${current} of ${total}`}
        </p>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
      >
        <span className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
