import type { ComingSoonPage } from "@serene/contracts";
import { AppStoreBadge, GooglePlayBadge } from "../../../components/brand";
import styles from "./coming-soon.module.css";

/**
 * The app-store badges (spec 000 section 4): hidden for "none", shown but disabled for "coming-soon"
 * (with a quiet "Coming soon" caption), enabled for any other value, linking where the funnel says.
 */
export function StoreBadgeArea({ icon, links }: { icon: ComingSoonPage["app_store_icon"]; links?: ComingSoonPage["store_links"] }) {
  if (icon === "none") return null;
  const disabled = icon === "coming-soon";
  const badges = [
    { name: "App Store", href: links?.app_store, Badge: AppStoreBadge },
    { name: "Google Play", href: links?.google_play, Badge: GooglePlayBadge },
  ];
  return (
    <div className={styles.stores} data-state={disabled ? "disabled" : "enabled"}>
      <ul className={styles.badges} aria-label={disabled ? "App stores (coming soon)" : "App stores"}>
        {badges.map(({ name, href, Badge }) => (
          <li key={name}>
            {disabled || !href ? (
              <span className={styles.badge} aria-disabled={disabled || undefined} title={disabled ? `${name}: coming soon` : name}>
                <Badge className={styles.badgeArt} />
              </span>
            ) : (
              <a className={styles.badge} href={href} target="_blank" rel="noopener noreferrer">
                <Badge className={styles.badgeArt} />
              </a>
            )}
          </li>
        ))}
      </ul>
      {disabled && <p className={styles.storesNote}>Coming soon to both stores</p>}
    </div>
  );
}
