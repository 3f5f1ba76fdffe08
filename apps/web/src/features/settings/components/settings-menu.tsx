import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { APP_VERSION_TEXT, settingsLinks } from "../settings-links";
import { SettingsIcon } from "./settings-icon";
import styles from "./settings.module.css";

interface SettingsMenuProps {
  /** The member's e-mail address; null while it loads. */
  email: string | null;
  onLogOut: () => void;
  loggingOut?: boolean;
}

/** /settings (spec 001): the links list, who is logged in, log out and the version line. */
export function SettingsMenu({ email, onLogOut, loggingOut = false }: SettingsMenuProps) {
  return (
    <div className={styles.menu}>
      <nav aria-label="Settings">
        <ul className={styles.list}>
          {settingsLinks.map((link) => (
            <li key={link.path}>
              <Link to={link.path} className={styles.link}>
                <span className={styles.icon}>
                  <SettingsIcon name={link.icon} />
                </span>
                <span className={styles.title}>{link.title}</span>
                <span className={styles.chevron} aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.footer}>
        <p className={styles.who}>
          <span>Logged in as</span> <strong>{email ?? "…"}</strong>
        </p>
        <Button variant="secondary" onClick={onLogOut} disabled={loggingOut} aria-busy={loggingOut || undefined}>
          Log out
        </Button>
        <p className={styles.remove}>
          <Link to="/data-removal">Delete my account</Link>
        </p>
        <p className={styles.version}>{APP_VERSION_TEXT}</p>
      </div>
    </div>
  );
}
