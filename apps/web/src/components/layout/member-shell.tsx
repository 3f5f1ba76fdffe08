import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { env } from "../../lib/env";
import { BrandLink } from "../brand/brand-link";
import { SubscriptionOffer } from "../subscription/subscription-offer";
import styles from "./member-shell.module.css";

const navClass = ({ isActive }: { isActive: boolean }) => [styles.navLink, isActive && styles.active].filter(Boolean).join(" ");

/** The members' frame: a quiet header (home, settings) over the page, the same look as the landing. */
export function MemberShell({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={`container ${styles.inner}`}>
          <BrandLink to="/home" />
          <nav aria-label="Main" className={styles.nav}>
            <NavLink to="/home" end className={navClass}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M4 11L12 4.5L20 11V19.5A1 1 0 0 1 19 20.5H14.5V15H9.5V20.5H5A1 1 0 0 1 4 19.5Z" />
              </svg>
              <span>Home</span>
            </NavLink>
            <NavLink to="/settings" className={navClass}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <circle cx="12" cy="12" r="3.2" />
                <path d="M12 2.8L14 5.2L17.1 4.7L17.9 7.8L20.8 9L19.8 12L20.8 15L17.9 16.2L17.1 19.3L14 18.8L12 21.2L10 18.8L6.9 19.3L6.1 16.2L3.2 15L4.2 12L3.2 9L6.1 7.8L6.9 4.7L10 5.2Z" />
              </svg>
              <span>Settings</span>
            </NavLink>
          </nav>
        </div>
      </header>
      <main id="main" className={[styles.main, narrow && styles.narrow].filter(Boolean).join(" ")}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className="container">
          <p>
            © {new Date().getFullYear()} {env.appName} · Support: <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>
          </p>
        </div>
      </footer>
      <SubscriptionOffer />
    </div>
  );
}
