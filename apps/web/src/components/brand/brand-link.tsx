import { Link } from "react-router";
import { env } from "../../lib/env";
import { LogoMark } from "./logo-mark";
import styles from "./brand-link.module.css";

/** The product's mark and name, linking to its front page (the landing, or home for members). */
export function BrandLink({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={[styles.brand, className].filter(Boolean).join(" ")} aria-label={`${env.appName} home`}>
      <LogoMark className={styles.mark} />
      <span>{env.appName}</span>
    </Link>
  );
}
