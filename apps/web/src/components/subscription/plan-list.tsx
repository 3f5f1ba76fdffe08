import { formatMoney, perDayPriceCents, planCardDescription, planCardTitle } from "@serene/domain";
import type { PlanOption } from "../../lib/buying/plans";
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
  /** Plans set apart (a checkout's timed offer): a tinted card with `highlightLabel` as its badge. */
  isHighlighted?: (option: PlanOption) => boolean;
  highlightLabel?: string;
  /**
   * The older card layouts (checkout theme vsl-type-2, spec 000 section 9): the older regular
   * prices struck through, and the price paid in full where the per-day price stands.
   */
  legacy?: boolean;
}

/** The unit under a plan's price on the older card layouts. */
function legacyUnit(option: PlanOption): string {
  if (option.isLifetime) return "once";
  if (option.months === 1) return "per month";
  if (option.months === 12) return "per year";
  return `per ${option.months} months`;
}

/**
 * The plans at a glance, in the paywall's card look: title, billing line, full price beside the
 * struck-through one, and the per-day price. Each card is the label of a native radio input, so
 * arrow keys move the choice and the browser announces it.
 */
export function PlanList({ options, selectedId, onSelect, labelledBy, isHighlighted, highlightLabel, legacy = false }: PlanListProps) {
  return (
    <ul className={[styles.list, legacy && styles.legacy].filter(Boolean).join(" ")} aria-labelledby={labelledBy}>
      {options.map((option) => {
        const id = `${labelledBy}-${option.id}`;
        const selected = option.id === selectedId;
        const highlighted = isHighlighted?.(option) ?? false;
        const perDay = legacy ? null : perDayPriceCents(option.amountCents, option.months);
        return (
          <li
            key={option.id}
            className={[styles.card, selected && styles.selected, highlighted && styles.highlighted].filter(Boolean).join(" ")}
            data-testid="offer-plan"
          >
            <input id={id} type="radio" name={labelledBy} className={styles.input} checked={selected} onChange={() => onSelect(option)} />
            <label htmlFor={id} className={styles.label}>
              {highlighted && highlightLabel ? (
                <span className={styles.highlight}>{highlightLabel}</span>
              ) : (
                <PlanBadge tags={option.tags} />
              )}
              <span className={styles.main}>
                <span className={styles.title}>{planCardTitle(option)}</span>
                <span className={styles.description}>{planCardDescription(option)}</span>
                <PlanFullPrice option={option} legacy={legacy} />
              </span>
              <span className={styles.price}>
                <span className={styles.priceValue}>{formatMoney(option.currency, perDay ?? option.amountCents)}</span>
                <span className={styles.priceUnit}>{perDay !== null ? "per day" : legacy ? legacyUnit(option) : "once"}</span>
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
