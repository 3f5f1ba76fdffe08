import { Link } from "react-router";
import { BrandLink } from "../brand/brand-link";
import { clearQuizFlag } from "../../lib/storage";
import { ButtonLink } from "../ui/button";
import styles from "./site-header.module.css";

/** The visitors' header: the product name, a Login link (which forgets a stored quiz) and Start my quiz. */
export function SiteHeader({ tone = "light", overlay = false }: { tone?: "light" | "night"; overlay?: boolean }) {
  return (
    <header className={[styles.header, tone === "night" && styles.night, overlay && styles.overlay].filter(Boolean).join(" ")}>
      <div className={`container ${styles.inner}`}>
        <BrandLink to="/" className={styles.brand} />
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
