import type { ReactNode } from "react";
import styles from "./home.module.css";

/** One titled section of /home (daily meditation, personal plan, workbooks as they arrive). */
function HomeSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHead}>
        <h2 id={`${id}-title`}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}
