import type { ButtonHTMLAttributes } from "react";
import styles from "./pill-button.module.css";

export interface PillLook {
  /** sm: 40 px, small text; md: 44 px, small text; lg: 44 px, the surrounding text size. */
  size?: "sm" | "md" | "lg";
  /** A thinner line and softer text (the header). */
  quiet?: boolean;
  /** Up to 991 px only the icon shows, in a circle; hide the label with a class of your own. */
  iconOnSmall?: boolean;
}

/** The class list of an outlined pill, for a <PillButton> or a button that switches looks. */
export function pillClass({ size = "md", quiet = false, iconOnSmall = false }: PillLook, extra?: string): string {
  return [styles.pill, size !== "lg" && styles[size], quiet && styles.quiet, iconOnSmall && styles.iconOnSmall, extra]
    .filter(Boolean)
    .join(" ");
}

/** An outlined pill button with an icon and a short label; pressed and busy looks come from `className`. */
export function PillButton({
  size,
  quiet,
  iconOnSmall,
  className,
  type = "button",
  ...rest
}: PillLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={pillClass({ size, quiet, iconOnSmall }, className)} {...rest} />;
}
