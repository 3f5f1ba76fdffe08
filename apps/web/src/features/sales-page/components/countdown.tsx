import { countdownParts } from "@serene/domain";
import { useRemainingMs } from "../hooks/use-offer-clock";
import styles from "../sales-page.module.css";

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

/**
 * The offer's countdown, DD:HH:MM:SS, ticking each second on its own (the rest of the page does not
 * re-render with it). Every figure sits in a box of a fixed width with tabular figures, so nothing
 * moves as the digits change. At zero it says the offer has ended instead.
 */
export function Countdown({ title, expired, deadline }: { title: string; expired: string; deadline: number }) {
  const remainingMs = useRemainingMs(deadline);
  const parts = countdownParts(remainingMs);
  const ended = remainingMs <= 0;
  return (
    <section className={styles.countdown} aria-labelledby="sp-countdown" data-section="countdown">
      <h2 id="sp-countdown" className={styles.countdownTitle}>
        {ended ? expired : title}
      </h2>
      <div className={styles.clock} role="timer" aria-label={ended ? expired : undefined} data-testid="countdown">
        {UNITS.map(([unit, label], index) => (
          <div key={unit} className={styles.clockPart}>
            {index > 0 && (
              <span className={styles.clockColon} aria-hidden="true">
                :
              </span>
            )}
            <span className={styles.clockBox}>
              <span className={styles.clockFigure} data-unit={unit}>
                {String(parts[unit]).padStart(2, "0")}
              </span>
              <span className={styles.clockLabel}>{label}</span>
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
