import styles from "./plan-badge.module.css";

/** The badge over a plan card from the package's tags: MOST POPULAR first, else BEST VALUE, else none. */
export function PlanBadge({ tags }: { tags: readonly string[] }) {
  if (tags.includes("Most Popular")) return <span className={styles.badge}>MOST POPULAR</span>;
  if (tags.includes("Best Value")) return <span className={[styles.badge, styles.soft].join(" ")}>BEST VALUE</span>;
  return null;
}
