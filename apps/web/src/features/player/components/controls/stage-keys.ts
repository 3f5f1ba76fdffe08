import type { KeyboardEvent } from "react";
import { SKIP_SECONDS } from "../../lib/time";

const isInteractive = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.closest("button, a, select, textarea, [role='button']") !== null ||
    (target instanceof HTMLInputElement && target.type !== "range"));

/** What the stage's aria-keyshortcuts promise. */
export const STAGE_SHORTCUTS = "Space ArrowLeft ArrowRight";

/**
 * Space plays or pauses while the player has focus (buttons keep their own Space); on the player itself the
 * arrow keys skip 10 s, on the sliders they move the slider.
 */
export function stageKeys({ toggle, skip }: { toggle: () => void; skip: (delta: number) => void }) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === " " && !isInteractive(event.target)) {
      event.preventDefault();
      toggle();
    } else if (event.target === event.currentTarget && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      skip(event.key === "ArrowLeft" ? -SKIP_SECONDS : SKIP_SECONDS);
    }
  };
}
