import { formatMoney, perDayPriceCents, planCardDescription, planCardTitle } from "@serene/domain";
import type { PlanOption } from "./plans";
import { PlanBadge } from "./plan-badge";
import { PlanFullPrice } from "./plan-full-price";
import styles from "./plan-list.module.css";

interface PlanListProps {
  options: readonly PlanOption[];
  /** The plan put forward (outlined, like the paywall's selected card). */
  featuredId: PlanOption["id"] | null;
  /** Names the list. */
  labelledBy: string;
}

/**
 * The plans at a glance, in the paywall's card look: title, billing line, full price beside the
 * struck-through one, and the per-day price. Read-only: the choice is made on the paywall.
 */
export function PlanList({ options, featuredId, labelledBy }: PlanListProps) {
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {options.map((option) => {
        const featured = option.id === featuredId;
        const perDay = perDayPriceCents(option.amountCents, option.months);
        return (
          <li key={option.id} className={[styles.card, featured && styles.featured].filter(Boolean).join(" ")} data-testid="offer-plan">
            <PlanBadge tags={option.tags} />
            <span className={styles.main}>
              <span className={styles.title}>{planCardTitle(option)}</span>
              <span className={styles.description}>{planCardDescription(option)}</span>
              <PlanFullPrice option={option} />
            </span>
            <span className={styles.price}>
              <span className={styles.priceValue}>{formatMoney(option.currency, perDay ?? option.amountCents)}</span>
              <span className={styles.priceUnit}>{perDay !== null ? "per day" : "once"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
