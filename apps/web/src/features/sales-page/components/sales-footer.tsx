import type { SalesPage } from "@serene/contracts";
import { Link } from "react-router";
import { env } from "../../../lib/env";
import { SocialIcon } from "./art";
import styles from "../sales-page.module.css";

const NETWORK_NAMES: Record<string, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  x: "X",
  tiktok: "TikTok",
};

/** Policies, the FAQ, the social profiles, the 'General Terms' and 'Contact Us' placeholders, and the copyright. */
export function SalesFooter({ footer }: { footer: SalesPage["footer"] }) {
  return (
    <footer className={styles.footer} data-section="footer">
      <nav aria-label="Legal and help" className={styles.footerLinks}>
        <Link to="/privacy-policy">Privacy Policy</Link>
        <Link to="/terms-of-service">Terms</Link>
        <Link to="/faq">FAQ</Link>
        {/* Placeholders the spec keeps: they lead nowhere yet. */}
        <span className={styles.placeholder} aria-disabled="true">
          General Terms
        </span>
        <span className={styles.placeholder} aria-disabled="true">
          Contact Us
        </span>
      </nav>
      {footer.socials.length > 0 && (
        <ul className={styles.socials} aria-label="Follow us">
          {footer.socials.map((social) => (
            <li key={social.url}>
              <a
                href={social.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${env.appName} on ${NETWORK_NAMES[social.network]}`}
              >
                <SocialIcon network={social.network} />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.copyright}>
        © {footer.copyright_year} {env.appName}
      </p>
    </footer>
  );
}
