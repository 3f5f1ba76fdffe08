import { Link, type LinkProps } from "react-router";
import styles from "./see-all-link.module.css";

/** The quiet 'See all' link at the end of a section's title row (a shelf, the personal plan). */
export function SeeAllLink({ className, ...rest }: LinkProps) {
  return <Link className={className ? `${styles.seeAll} ${className}` : styles.seeAll} {...rest} />;
}
