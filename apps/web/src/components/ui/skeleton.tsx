import type { HTMLAttributes } from "react";
import styles from "./skeleton.module.css";

/** A shimmering placeholder block while something loads; its size and corners come from `className`. */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={className ? `${styles.skeleton} ${className}` : styles.skeleton} {...rest} />;
}
