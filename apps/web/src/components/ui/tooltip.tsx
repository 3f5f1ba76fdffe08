import * as RadixTooltip from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";
import styles from "./tooltip.module.css";

interface TooltipProps {
  /** The text shown on hover and focus; without it the child renders alone. */
  content?: string | null;
  children: ReactNode;
  side?: "top" | "bottom" | "left" | "right";
}

/**
 * A tooltip on hover and keyboard focus. A disabled button cannot take focus, so the trigger is a
 * focusable wrapper around the child.
 */
export function Tooltip({ content, children, side = "top" }: TooltipProps) {
  if (!content) return <>{children}</>;
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>
          <span tabIndex={0} style={{ display: "inline-flex" }}>
            {children}
          </span>
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className={styles.content} side={side} sideOffset={6}>
            {content}
            <RadixTooltip.Arrow className={styles.arrow} />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
