import { Link } from "react-router";
import { env } from "../../lib/env";
import { AppStoreBadge, GooglePlayBadge, LogoMark, SocialIcon } from "../brand";
import styles from "./site-footer.module.css";
import { footerLinks } from "./site-links";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <Link to="/" className={styles.brand}>
            <LogoMark className={styles.mark} />
            <span>{env.appName}</span>
          </Link>
          <p>Meditation, sleep, soundscapes and CBT in a personal plan. Ten calm minutes a day.</p>
          <p>
            Support: <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>
          </p>
          <div className={styles.stores}>
            <a href={footerLinks.stores.appStore} rel="noopener noreferrer" target="_blank">
              <AppStoreBadge className={styles.badge} />
            </a>
            <a href={footerLinks.stores.googlePlay} rel="noopener noreferrer" target="_blank">
              <GooglePlayBadge className={styles.badge} />
            </a>
          </div>
        </div>
        <nav aria-label="Product" className={styles.column}>
          <h2>{env.appName}</h2>
          <ul>
            {footerLinks.product.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            {footerLinks.company.map((link) => (
              <li key={link.label}>
                <span className={styles.soon}>
                  {link.label} <small>soon</small>
                </span>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal" className={styles.column}>
          <h2>Legal</h2>
          <ul>
            {footerLinks.legal.map((link) => (
              <li key={link.label}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.column}>
          <h2>Follow us</h2>
          <ul className={styles.social}>
            {footerLinks.social.map((link) => (
              <li key={link.network}>
                <a href={link.href} aria-label={link.label} rel="noopener noreferrer" target="_blank">
                  <SocialIcon network={link.network} className={styles.socialIcon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © {year} {env.appName}. All rights reserved.
        </p>
        <p>Not a substitute for professional medical care. In a crisis, contact your local emergency services.</p>
      </div>
    </footer>
  );
}
