import { formatMoney, struckThroughCents } from "@serene/domain";
import type { PlanOption } from "./plans";
import styles from "./plan-full-price.module.css";

/** A plan card's price line: the struck-through regular price beside the price paid (spec 000 section 9). */
export function PlanFullPrice({ option }: { option: Pick<PlanOption, "amountCents" | "currency"> }) {
  return (
    <span className={styles.full}>
      <s className={styles.was}>
        <span className="visually-hidden">Regular price </span>
        {formatMoney(option.currency, struckThroughCents(option.amountCents))}
      </s>{" "}
      <span className={styles.now}>{formatMoney(option.currency, option.amountCents)}</span>
    </span>
  );
}
