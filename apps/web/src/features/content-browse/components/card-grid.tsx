import type { ContentCard as Card } from "@serene/contracts";
import { ContentCard } from "../../../components/content";
import type { Membership } from "../api/account-status";
import styles from "./browse.module.css";

/** Cards in a responsive grid: filtered lists, collections and search results. */
export function CardGrid({ items, membership, label }: { items: Card[]; membership: Membership; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {items.map((item) => (
        <li key={`${item.model}-${item.id}`}>
          <ContentCard item={item} locked={membership.isLocked(item)} />
        </li>
      ))}
    </ul>
  );
}
