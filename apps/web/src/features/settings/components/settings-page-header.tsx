import type { ReactNode } from "react";
import { Link } from "react-router";
import { pillClass } from "../../../components/ui/pill-button";
import styles from "./settings.module.css";

/** Title of a settings page; sub-pages carry a back link to /settings (spec 001 Settings). */
export function SettingsPageHeader({ title, description, back = true }: { title: string; description?: ReactNode; back?: boolean }) {
  return (
    <header className={styles.header}>
      {back && (
        <Link to="/settings" className={pillClass({ size: "lg" }, styles.back)}>
          <span aria-hidden="true">←</span> Settings
        </Link>
      )}
      <h1>{title}</h1>
      {description && <p className={styles.description}>{description}</p>}
    </header>
  );
}

/** The calm card a settings page's content sits in. */
export function SettingsCard({ children }: { children: ReactNode }) {
  return <section className={styles.card}>{children}</section>;
}
