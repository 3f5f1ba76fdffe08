import type { ReactNode } from "react";
import styles from "./icon.module.css";

/**
 * A line icon on the 24-unit grid: the shapes are drawn with the current text colour, 20 px by
 * default (a caller's `svg` rule sets another size or stroke). Decorative: the control names itself.
 */
export function Icon({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg className={className ? `${styles.icon} ${className}` : styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
