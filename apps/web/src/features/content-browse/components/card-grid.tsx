import type { ContentCard as Card } from "@serene/contracts";
import { ContentCard } from "../../../components/content";
import type { Membership } from "../hooks/use-membership";
import styles from "./browse.module.css";

/** Each item once, in its first place (a list may name an item twice, e.g. once per matching tag). */
export function uniqueItems(items: Card[]): Card[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.model}-${item.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Cards in a responsive grid: filtered lists, collections and search results. */
export function CardGrid({ items, membership, label }: { items: Card[]; membership: Membership; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {uniqueItems(items).map((item) => (
        <li key={`${item.model}-${item.id}`}>
          <ContentCard item={item} locked={membership.isLocked(item)} />
        </li>
      ))}
    </ul>
  );
}
