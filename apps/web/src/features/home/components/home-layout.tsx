import type { ReactNode } from "react";
import styles from "./home.module.css";

/** The column of /home: the greeting, then one section after another. */
export function HomeLayout({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}
