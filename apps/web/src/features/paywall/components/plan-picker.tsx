import { formatMoney, oldPerDayCents, perDayPriceCents, planCardDescription, planCardTitle } from "@serene/domain";
import type { PlanOption } from "../../../lib/buying/plans";
import { PlanBadge } from "../../../components/subscription/plan-badge";
import { PlanFullPrice } from "../../../components/subscription/plan-full-price";
import styles from "./plan-picker.module.css";

interface PlanPickerProps {
  options: readonly PlanOption[];
  selectedId: PlanOption["id"] | null;
  onSelect: (option: PlanOption) => void;
  /** Names the radio group (the headline above it). */
  labelledBy: string;
}

/**
 * The plan cards as one radio group: native radio inputs, so arrow keys move the selection and
 * the browser announces it; each card is the input's label.
 */
export function PlanPicker({ options, selectedId, onSelect, labelledBy }: PlanPickerProps) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={styles.group}>
      {options.map((option) => {
        const id = `plan-${option.id}`;
        const selected = option.id === selectedId;
        const perDay = perDayPriceCents(option.amountCents, option.months);
        const oldPerDay = oldPerDayCents(option.amountCents, option.months);
        return (
          <div key={option.id} className={[styles.card, selected && styles.selected].filter(Boolean).join(" ")} data-testid="plan-card">
            <input
              id={id}
              type="radio"
              name="plan"
              className={styles.input}
              checked={selected}
              onChange={() => onSelect(option)}
              aria-describedby={`${id}-details`}
            />
            <label htmlFor={id} className={styles.label}>
              <PlanBadge tags={option.tags} />
              <span className={styles.check} aria-hidden="true" />
              <span className={styles.main}>
                <span className={styles.title}>{planCardTitle(option)}</span>
                <span id={`${id}-details`} className={styles.details}>
                  <span className={styles.description}>{planCardDescription(option)}</span>
                  <PlanFullPrice option={option} />
                </span>
              </span>
              <span className={styles.perDay} data-testid="per-day">
                {perDay !== null && oldPerDay !== null ? (
                  <>
                    <s className={styles.was}>
                      <span className="visually-hidden">Regular price per day </span>
                      {formatMoney(option.currency, oldPerDay)}
                    </s>
                    <span className={styles.perDayPrice}>{formatMoney(option.currency, perDay)}</span>
                    <span className={styles.perDayUnit}>per day</span>
                  </>
                ) : (
                  <>
                    <span className={styles.perDayPrice}>{formatMoney(option.currency, option.amountCents)}</span>
                    <span className={styles.perDayUnit}>once</span>
                  </>
                )}
              </span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
