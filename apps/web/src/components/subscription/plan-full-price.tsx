import { formatMoney } from "@serene/domain";
import { regularPriceCents, type PlanOption } from "../../lib/buying/plans";
import styles from "./plan-full-price.module.css";

/**
 * A plan card's price line: the struck-through regular price beside the price paid (spec 000
 * section 9); `legacy` uses the older card layouts' regular prices.
 */
export function PlanFullPrice({
  option,
  legacy = false,
}: {
  option: Pick<PlanOption, "amountCents" | "currency" | "months" | "isLifetime" | "regularCents">;
  legacy?: boolean;
}) {
  const regular = regularPriceCents(option, legacy);
  return (
    <span className={styles.full}>
      {regular !== null && (
        <>
          <s className={styles.was}>
            <span className="visually-hidden">Regular price </span>
            {formatMoney(option.currency, regular)}
          </s>{" "}
        </>
      )}
      <span className={styles.now}>{formatMoney(option.currency, option.amountCents)}</span>
    </span>
  );
}
