import type { ReactNode } from "react";
import { Link } from "react-router";
import { env } from "../../lib/env";
import { BrandLink } from "../brand/brand-link";
import styles from "./auth-layout.module.css";
import { CalmArt } from "./calm-art";

interface AuthLayoutProps {
  title: string;
  /** One calm line under the title. */
  subtitle?: ReactNode;
  /** Shown above the title (a back button). */
  top?: ReactNode;
  /** The night-sky panel beside the form on wide screens (login and registration). */
  art?: boolean;
  children: ReactNode;
}

/** The frame of the account pages: the product name on top and one focused card in a soft light. */
export function AuthLayout({ title, subtitle, top, art = false, children }: AuthLayoutProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={`container ${styles.headerInner}`}>
          <BrandLink to="/" />
        </div>
      </header>
      <main id="main" className={styles.main}>
        <div className={[styles.card, art && styles.split].filter(Boolean).join(" ")}>
          {art && (
            <div className={styles.art}>
              <CalmArt className={styles.artImage} />
              <div className={styles.artCopy}>
                <p className={styles.artTitle}>Ten calm minutes a day</p>
                <p>Meditation, sleep stories, soundscapes and CBT, gathered into one personal plan.</p>
              </div>
            </div>
          )}
          <section className={styles.panel} aria-labelledby="auth-title">
            {top && <div className={styles.top}>{top}</div>}
            <div className={styles.heading}>
              <h1 id="auth-title">{title}</h1>
              {subtitle && <div className={styles.subtitle}>{subtitle}</div>}
            </div>
            {children}
          </section>
        </div>
      </main>
      <footer className={styles.footer}>
        <nav aria-label="Legal" className={styles.footerLinks}>
          <Link to="/terms-conditions">Terms &amp; Conditions</Link>
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/faq">FAQ</Link>
        </nav>
        <p>
          Need a hand? <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>
        </p>
      </footer>
    </div>
  );
}
