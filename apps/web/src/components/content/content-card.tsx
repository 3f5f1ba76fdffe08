import type { ContentCard as Card } from "@serene/contracts";
import { Link } from "react-router";
import { openSubscriptionOffer } from "../../lib/buying/subscription-offer";
import { contentLength, contentPath } from "./format";
import styles from "./content-card.module.css";

export type ContentCardLook = "tile" | "feature" | "step";

interface ContentCardProps {
  item: Card;
  /** True when this member may not open the item: the card opens the subscription offer instead. */
  locked: boolean;
  look?: ContentCardLook;
  /** A small line above the name (the plan's step number, "Daily meditation"). */
  eyebrow?: string;
  /** Called when an unlocked card is followed (the plan records a view). */
  onOpen?: (item: Card) => void;
  /** Decorative covers load lazily below the fold. */
  eager?: boolean;
}

export function LockIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="5" y="10.5" width="14" height="10" rx="2.5" />
      <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" />
    </svg>
  );
}

/**
 * A comma after a visible part of a card's name: heard as a pause, never seen. Inline and without size
 * (not positioned off screen), so the browser keeps it next to the word before it: "Deep Rest, Meditations".
 */
export const Pause = ({ mark = "," }: { mark?: string }) => <span className={styles.pause}>{mark}</span>;

/**
 * One item of the catalogue: cover, name, type and length. A member who may open it follows a
 * link to /{model}/{id}; a locked one opens the subscription offer (spec 001 sections 1 and 4), after
 * which the member lands on the item.
 * Its accessible name is its visible text in order, with pauses between the parts and "Locked" at the
 * end of a locked card (WCAG 2.5.3, label in name); the hidden words sit inside the card, which is
 * their containing block, so a slider's cards off screen never widen the page.
 */
export function ContentCard({ item, locked, look = "tile", eyebrow, onOpen, eager = false }: ContentCardProps) {
  const length = contentLength(item);
  const body = (
    <>
      <span className={styles.coverWrap}>
        <img
          className={styles.cover}
          src={item.cover}
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          // A cover that fails to load leaves the soft gradient behind it rather than a broken image.
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
        {look === "feature" && (
          <span className={styles.play} aria-hidden="true">
            <svg viewBox="0 0 24 24" focusable="false">
              <path d="M9 7.5v9l7.5-4.5z" />
            </svg>
          </span>
        )}
        {locked && (
          <span className={styles.lock} aria-hidden="true">
            <LockIcon />
          </span>
        )}
      </span>
      <span className={styles.text}>
        {eyebrow && (
          <span className={styles.eyebrow}>
            {eyebrow}
            <Pause />
          </span>
        )}
        <span className={styles.name}>
          {item.name}
          <Pause />
        </span>
        <span className={styles.meta}>
          <span>
            {item.type}
            {(length || locked) && <Pause />}
          </span>
          {length && (
            <span className={styles.length}>
              {/* One flex item for the words and their pause, so the comma stays next to them. */}
              <span>
                {length}
                {locked && <Pause />}
              </span>
            </span>
          )}
        </span>
      </span>
      {locked && <span className="visually-hidden">Locked</span>}
    </>
  );
  const className = [styles.card, styles[look], locked && styles.locked].filter(Boolean).join(" ");
  if (locked) {
    return (
      // After buying, the member lands on this item, now playable (decision 052).
      <button type="button" className={className} onClick={() => openSubscriptionOffer("locked", null, contentPath(item))}>
        {body}
      </button>
    );
  }
  return (
    <Link className={className} to={contentPath(item)} onClick={() => onOpen?.(item)}>
      {body}
    </Link>
  );
}
