import { countOfType, trialEndsSentence } from "@serene/domain";
import { useBilling } from "../../lib/buying/api/billing";
import { usePremiumSummary } from "../../lib/buying/api/premium-summary";
import { Skeleton } from "../ui/skeleton";
import styles from "./premium-opens.module.css";

/**
 * What a purchase has just opened (decision 049), for every moment after one: the catalogue's
 * Premium sessions counted by type (GET /premium-summary) and, for a free trial, the day it ends and
 * what is charged then (GET /user/billing), dated as the trial e-mail dates it. Says nothing it does
 * not know: a call that fails leaves its part out.
 */
export function PremiumOpens({ className, centered = false }: { className?: string; centered?: boolean }) {
  const summary = usePremiumSummary();
  const billing = useBilling();
  const data = summary.data;
  const trial = billing.data ? trialEndsSentence(billing.data) : null;

  return (
    <div
      className={[styles.opens, centered && styles.centered, className].filter(Boolean).join(" ")}
      aria-busy={summary.isPending || billing.isPending}
    >
      {summary.isPending ? (
        <div className={styles.loading} aria-label="Loading what is open to you">
          <Skeleton className={styles.skeleton} />
          <Skeleton className={styles.skeleton} />
        </div>
      ) : (
        data &&
        data.types.length > 0 && (
          <>
            <p className={styles.lead} id="premium-opens-title">
              Open to you now
            </p>
            <ul className={styles.counts} aria-labelledby="premium-opens-title">
              {data.types.map((entry) => (
                <li key={entry.type}>{countOfType(entry.type, entry.locked)}</li>
              ))}
            </ul>
            {data.locked_collections > 0 && (
              <p className={styles.more}>
                {data.locked_collections === 1
                  ? "A course that was partly locked is yours in full."
                  : `${data.locked_collections} courses and playlists that were partly locked are yours in full.`}
              </p>
            )}
          </>
        )
      )}
      {trial && (
        <p className={styles.trial} data-testid="trial-ends">
          {trial}
        </p>
      )}
    </div>
  );
}
