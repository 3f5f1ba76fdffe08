import type { Tag } from "@serene/contracts";
import styles from "./tag-chips.module.css";

interface TagChipsProps {
  tags: Tag[];
  /** Selected tag slugs. */
  selected: string[];
  onToggle: (slug: string) => void;
  /** Shows an 'All' chip first; pressing it clears the selection. */
  onAll?: () => void;
  label: string;
  /**
   * filter: the content pages' filter, one swipeable row on small screens; compact: smaller chips
   * (the header search); panel: the player's side panel, where the chips always wrap.
   */
  look?: TagChipsLook;
}

export type TagChipsLook = "filter" | "compact" | "panel";

/** Tag chips that toggle as a multi-select (spec 001 "Meditation"); 'All' is pressed when nothing is selected. */
export function TagChips({ tags, selected, onToggle, onAll, label, look = "filter" }: TagChipsProps) {
  return (
    <div className={[styles.chips, look !== "filter" && styles[look]].filter(Boolean).join(" ")} role="group" aria-label={label}>
      {onAll && (
        <button type="button" className={styles.chip} aria-pressed={selected.length === 0} onClick={onAll}>
          All
        </button>
      )}
      {tags.map((tag) => (
        <button
          key={tag.slug}
          type="button"
          className={styles.chip}
          aria-pressed={selected.includes(tag.slug)}
          onClick={() => onToggle(tag.slug)}
        >
          {tag.name}
        </button>
      ))}
    </div>
  );
}

/** The selection after pressing a chip: in if it was out, out if it was in. */
export const toggleTag = (selected: string[], slug: string) =>
  selected.includes(slug) ? selected.filter((tag) => tag !== slug) : [...selected, slug];
