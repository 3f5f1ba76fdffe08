import type { ReactNode } from "react";
import { env } from "../../../lib/env";
import styles from "./home.module.css";

/** The line under the greeting: a welcome on the first visit, 'Welcome back' after, only the invitation until it is known. */
export function welcomeLine(firstVisit: boolean | null): string {
  if (firstVisit === null) return "Take a moment for yourself today.";
  return firstVisit ? `Welcome to ${env.appName}. Take a moment for yourself today.` : "Welcome back. Take a moment for yourself today.";
}

/** 'Good Morning,' and the member's name (spec 001 section 2), with room for the unlock button beside it. */
export function Greeting({ name, firstVisit = null, action }: { name: string | null; firstVisit?: boolean | null; action?: ReactNode }) {
  return (
    <header className={styles.greeting}>
      <div className={styles.greetingCopy}>
        <h1>
          Good Morning, {name ? <span className={styles.name}>{name}</span> : <span className={styles.namePending} aria-hidden="true" />}
        </h1>
        <p>{welcomeLine(firstVisit)}</p>
      </div>
      {action}
    </header>
  );
}
