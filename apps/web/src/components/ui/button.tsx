import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "accent" | "secondary" | "ghost" | "light";
export type ButtonSize = "sm" | "md" | "lg";

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** The class list of a button look, shared by <Button> and <ButtonLink>. */
function buttonClass({ variant = "primary", size = "md", block = false }: Look, extra?: string): string {
  return [styles.button, styles[variant], size !== "md" && styles[size], block && styles.block, extra].filter(Boolean).join(" ");
}

export function Button({ variant, size, block, className, type = "button", ...rest }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />;
}

/** A link that looks like a button (navigation is a link, not a button). */
export function ButtonLink({ variant, size, block, className, ...rest }: Look & LinkProps) {
  return <Link className={buttonClass({ variant, size, block }, className)} {...rest} />;
}
