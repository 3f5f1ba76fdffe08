import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Icon } from "./icon";

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "aria-label"> {
  /** The button's accessible name: it shows only the icon. */
  label: string;
  /** The icon's shapes (paths, circles) on the 24-unit grid. */
  children: ReactNode;
}

/** A button that shows only a line icon (slider arrows, close); its look comes from `className`. */
export function IconButton({ label, children, type = "button", ...rest }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} {...rest}>
      <Icon>{children}</Icon>
    </button>
  );
}
