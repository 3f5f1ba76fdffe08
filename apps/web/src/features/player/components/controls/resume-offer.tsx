import { formatClock } from "../../lib/time";
import styles from "./controls.module.css";

/** 'You stopped at…' (decision 043): continue from the kept place, or start again from the beginning. */
export function ResumeOffer({ at, onContinue, onStartAgain }: { at: number; onContinue: () => void; onStartAgain: () => void }) {
  return (
    <div className={styles.resume} role="group" aria-label="Where you left off">
      <p>You stopped at {formatClock(at)}.</p>
      <div className={styles.resumeActions}>
        <button type="button" className={styles.resumeMain} onClick={onContinue}>
          Continue from {formatClock(at)}
        </button>
        <button type="button" className={styles.resumeOther} onClick={onStartAgain}>
          Start from the beginning
        </button>
      </div>
    </div>
  );
}
