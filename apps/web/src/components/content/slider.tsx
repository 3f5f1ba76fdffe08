import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { IconButton } from "../ui/icon-button";
import styles from "./slider.module.css";

export type SliderLayout = "pair" | "tiles" | "steps";

interface SliderProps<T> {
  /** Accessible name of the slider (usually the section title). */
  label: string;
  items: T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /**
   * pair: two slides per view, one at widths up to 991 (the daily meditation);
   * tiles: cards of a fixed width; steps: the personal plan's wider cards.
   */
  layout?: SliderLayout;
  /** Pixels one press of the arrow buttons scrolls; one view's width when left out. */
  step?: number;
  /** Content placed before the arrow buttons in the slider's top row (a title, a "See all" link). */
  header?: ReactNode;
  /** Keep the arrow buttons even when every card already fits (they are then disabled). */
  alwaysShowControls?: boolean;
}

/** Gap between slides (spec 001 section 9). */
export const SLIDER_GAP = 24;

/** The two arrow buttons: which way each scrolls, its name and its chevron. */
const ARROWS = [
  { direction: -1, side: "left", path: "M14.5 6L8.5 12L14.5 18" },
  { direction: 1, side: "right", path: "M9.5 6L15.5 12L9.5 18" },
] as const;

const prefersReducedMotion = () =>
  typeof window !== "undefined" && Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);

/**
 * A horizontal row of cards that snaps as it scrolls: swipe, trackpad, keyboard (each card is
 * focusable) or the arrow buttons. Plain CSS scroll snapping, no script-driven animation.
 */
export function Slider<T>({
  label,
  items,
  getKey,
  renderItem,
  layout = "tiles",
  step,
  header,
  alwaysShowControls = false,
}: SliderProps<T>) {
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const max = element.scrollWidth - element.clientWidth;
    setEdges({ start: element.scrollLeft <= 2, end: element.scrollLeft >= max - 2 });
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [measure, items.length]);

  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    const distance = step ?? element.clientWidth + SLIDER_GAP;
    element.scrollBy({ left: direction * distance, behavior: prefersReducedMotion() ? "auto" : "smooth" });
  };

  const scrollable = alwaysShowControls || !(edges.start && edges.end);
  return (
    <div className={styles.slider} role="group" aria-roledescription="carousel" aria-label={label}>
      {(header || scrollable) && (
        <div className={styles.top}>
          <div className={styles.header}>{header}</div>
          {scrollable && (
            <div className={[styles.controls, layout === "tiles" && styles.tilesControls].filter(Boolean).join(" ")}>
              {ARROWS.map(({ direction, side, path }) => (
                <IconButton
                  key={side}
                  className={styles.arrow}
                  label={`Scroll ${label} ${side}`}
                  disabled={direction === -1 ? edges.start : edges.end}
                  onClick={() => scroll(direction)}
                >
                  <path d={path} />
                </IconButton>
              ))}
            </div>
          )}
        </div>
      )}
      <ul ref={track} className={[styles.track, styles[layout]].join(" ")}>
        {items.map((item, index) => (
          <li key={getKey(item)} className={styles.slide}>
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
