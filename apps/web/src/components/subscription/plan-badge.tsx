import styles from "./plan-badge.module.css";

/**
 * The badge over a plan card (spec 000 "Paywall"): 'MOST POPULAR' on the plan its tags prefer, and no
 * other. The 'Best Value' tag still chooses the plan selected first (`defaultPackage`), but it is not
 * a badge: the spec has none, and on a checkout it sat on the dearer of two prices for one plan
 * (decision 052).
 */
export function PlanBadge({ tags }: { tags: readonly string[] }) {
  if (tags.includes("Most Popular")) return <span className={styles.badge}>MOST POPULAR</span>;
  return null;
}
