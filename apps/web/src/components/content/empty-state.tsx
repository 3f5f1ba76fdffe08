import type { ReactNode } from "react";
import styles from "./empty-state.module.css";

/** A quiet note where a list has nothing to show ('No data found', 'You not have items.'). */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.empty} role="status">
      <svg viewBox="0 0 64 40" aria-hidden="true" focusable="false">
        <circle cx="44" cy="14" r="8" />
        <path d="M0 30 Q16 22 32 30 T64 28 V40 H0Z" />
      </svg>
      <p>{children}</p>
      {action}
    </div>
  );
}
