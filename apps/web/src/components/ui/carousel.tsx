import type { CSSProperties, ReactNode } from "react";
import styles from "./carousel.module.css";

interface CarouselProps<T> {
  items: T[];
  renderSlide: (item: T) => ReactNode;
  getKey: (item: T) => string;
  /** Accessible name of the carousel region. */
  label: string;
  /** Width of one slide in px (the spec's carousels use 200 and 224). */
  slideWidth: number;
  /** Space between slides in px (24 in the spec). */
  gap?: number;
  /** Milliseconds for one slide to pass (the spec's "speed", 3500). */
  speed?: number;
  /** Scroll left to right instead. */
  reverse?: boolean;
}

/**
 * A carousel that scrolls continuously, like a slow conveyor: one slide passes every `speed` ms.
 * It is pure CSS (no script on the main thread), pauses under the pointer or keyboard focus, and
 * becomes a still, swipeable row for people who prefer reduced motion.
 */
export function Carousel<T>({ items, renderSlide, getKey, label, slideWidth, gap = 24, speed = 3500, reverse = false }: CarouselProps<T>) {
  const style = {
    "--carousel-slide-width": `${slideWidth}px`,
    "--carousel-gap": `${gap}px`,
    "--carousel-duration": `${items.length * speed}ms`,
  } as CSSProperties;
  return (
    <section
      className={[styles.viewport, reverse && styles.reverse].filter(Boolean).join(" ")}
      aria-roledescription="carousel"
      aria-label={label}
      style={style}
    >
      <ul className={styles.track} role="list">
        {items.map((item) => (
          <li key={getKey(item)} className={styles.slide}>
            {renderSlide(item)}
          </li>
        ))}
        {/* A second copy makes the loop seamless; it is hidden from assistive technology. */}
        {items.map((item) => (
          <li key={`copy-${getKey(item)}`} className={[styles.slide, styles.copy].join(" ")} aria-hidden="true" inert>
            {renderSlide(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}
