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
  /** Smaller chips (the header search). */
  compact?: boolean;
}

/** Tag chips that toggle as a multi-select (spec 001 "Meditation"); 'All' is pressed when nothing is selected. */
export function TagChips({ tags, selected, onToggle, onAll, label, compact = false }: TagChipsProps) {
  return (
    <div className={[styles.chips, compact && styles.compact].filter(Boolean).join(" ")} role="group" aria-label={label}>
      {onAll && (
        <button type="button" className={styles.chip} aria-pressed={selected.length === 0} onClick={onAll}>
          All
        </button>
      )}
      {tags.map((tag) => (
        <button key={tag.slug} type="button" className={styles.chip} aria-pressed={selected.includes(tag.slug)} onClick={() => onToggle(tag.slug)}>
          {tag.name}
        </button>
      ))}
    </div>
  );
}

/** The selection after pressing a chip: in if it was out, out if it was in. */
export const toggleTag = (selected: string[], slug: string) =>
  selected.includes(slug) ? selected.filter((tag) => tag !== slug) : [...selected, slug];
