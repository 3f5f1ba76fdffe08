import type { ReactNode } from "react";
import styles from "./home.module.css";

/** 'Good Morning,' and the member's name (spec 001 section 2), with room for the unlock button beside it. */
export function Greeting({ name, action }: { name: string | null; action?: ReactNode }) {
  return (
    <header className={styles.greeting}>
      <div className={styles.greetingCopy}>
        <h1>
          Good Morning, {name ? <span className={styles.name}>{name}</span> : <span className={styles.namePending} aria-hidden="true" />}
        </h1>
        <p>Welcome back. Take a moment for yourself today.</p>
      </div>
      {action}
    </header>
  );
}
