import * as RadixTooltip from "@radix-ui/react-tooltip";
import { useState, type ReactNode } from "react";
import styles from "./tooltip.module.css";

interface TooltipProps {
  /** The text shown on hover and focus; without it the child renders alone. */
  content?: string | null;
  children: ReactNode;
  side?: "top" | "bottom" | "left" | "right";
  /** The focusable wrapper's class (a card in a grid fills its cell); inline-flex when left out. */
  className?: string;
  /** A press (a tap on a phone, a click) shows the text too: for a whole card that has nothing else to do. */
  openOnPress?: boolean;
}

/**
 * A tooltip on hover and keyboard focus (and on a press when asked). A disabled button cannot take focus,
 * so the trigger is a focusable wrapper around the child.
 */
export function Tooltip({ content, children, side = "top", className, openOnPress = false }: TooltipProps) {
  const [open, setOpen] = useState(false);
  if (!content) return <>{children}</>;
  return (
    <RadixTooltip.Provider delayDuration={200}>
      <RadixTooltip.Root open={open} onOpenChange={setOpen}>
        <RadixTooltip.Trigger asChild>
          <span
            tabIndex={0}
            className={className}
            style={className ? undefined : { display: "inline-flex" }}
            onClick={
              openOnPress
                ? (event) => {
                    // Radix closes a tooltip on click; a press here means "tell me why".
                    event.preventDefault();
                    setOpen(true);
                  }
                : undefined
            }
          >
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
