import { Link } from "react-router";
import { env } from "../../lib/env";
import { clearQuizFlag } from "../../lib/storage";
import { LogoMark } from "../brand";
import { ButtonLink } from "../ui/button";
import styles from "./site-header.module.css";

/** The visitors' header: the product name, a Login link (which forgets a stored quiz) and Start my quiz. */
export function SiteHeader({ tone = "light", overlay = false }: { tone?: "light" | "night"; overlay?: boolean }) {
  return (
    <header className={[styles.header, tone === "night" && styles.night, overlay && styles.overlay].filter(Boolean).join(" ")}>
      <div className={`container ${styles.inner}`}>
        <Link to="/" className={styles.brand} aria-label={`${env.appName} home`}>
          <LogoMark className={styles.mark} />
          <span>{env.appName}</span>
        </Link>
        <nav className={styles.nav} aria-label="Account">
          <Link to="/login" className={styles.login} onClick={clearQuizFlag}>
            Login
          </Link>
          <ButtonLink to="/quiz" size="sm" variant={tone === "night" ? "accent" : "primary"}>
            Start my quiz
          </ButtonLink>
        </nav>
      </div>
    </header>
  );
}
