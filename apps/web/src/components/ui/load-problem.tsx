import { Button } from "./button";
import styles from "./load-problem.module.css";

/**
 * What a screen shows when its data could not be loaded: a quiet line saying what is missing and a way to try
 * again (failures are not shouted, spec 001 section 8). One piece for every screen that loads something.
 */
export function LoadProblem({ message = "This could not be loaded just now.", onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <div className={styles.problem} role="status">
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
