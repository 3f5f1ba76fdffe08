import { formatMoney, perDayPriceCents, planCardDescription, planCardTitle } from "@serene/domain";
import type { PlanOption } from "./plans";
import { PlanBadge } from "./plan-badge";
import { PlanFullPrice } from "./plan-full-price";
import styles from "./plan-list.module.css";

interface PlanListProps {
  options: readonly PlanOption[];
  /** The chosen plan (outlined, like the paywall's selected card). */
  selectedId: PlanOption["id"] | null;
  onSelect: (option: PlanOption) => void;
  /** Names the list. */
  labelledBy: string;
}

/**
 * The plans at a glance, in the paywall's card look: title, billing line, full price beside the
 * struck-through one, and the per-day price. Each card is the label of a native radio input, so
 * arrow keys move the choice and the browser announces it.
 */
export function PlanList({ options, selectedId, onSelect, labelledBy }: PlanListProps) {
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {options.map((option) => {
        const id = `${labelledBy}-${option.id}`;
        const selected = option.id === selectedId;
        const perDay = perDayPriceCents(option.amountCents, option.months);
        return (
          <li key={option.id} className={[styles.card, selected && styles.selected].filter(Boolean).join(" ")} data-testid="offer-plan">
            <input id={id} type="radio" name={labelledBy} className={styles.input} checked={selected} onChange={() => onSelect(option)} />
            <label htmlFor={id} className={styles.label}>
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
            </label>
          </li>
        );
      })}
    </ul>
  );
}
