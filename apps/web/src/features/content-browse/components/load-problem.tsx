import { Button } from "../../../components/ui/button";
import styles from "./browse.module.css";

/** When content could not load: a quiet note and a way to try again (failures are not shouted, spec 001 section 8). */
export function LoadProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.problem} role="status">
      <p>This could not be loaded just now.</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
