import type { DayMinutes } from "@serene/contracts";
import { useId } from "react";
import { formatDay, formatLongDay, formatShortDay, minutesChart, minutesLabel } from "../model";
import { useDayReadout } from "./day-readout";
import styles from "./dashboard.module.css";

/** The drawing's own units: 30 slots of 10 across, 100 high (the top 4 keep the tallest bar off the edge). */
const SLOT = 10;
const BAR = 6.4;
const PLOT_TOP = 4;
const PLOT_HEIGHT = 96;

/**
 * Minutes per day over the last 30 days, drawn as SVG bars (no chart library). Each bar names its day
 * and minutes on hover; a visually hidden table reads the same figures to a screen reader.
 */
export function MinutesChart({ days, today }: { days: DayMinutes[]; today: string }) {
  const chart = minutesChart(days, today);
  const titleId = useId();
  const { day, pointer } = useDayReadout();
  const summary = `${chart.total} minutes on ${chart.activeDays} of the last ${days.length} days.`;
  const first = days[0]?.date;
  const middle = days[Math.floor(days.length / 2)]?.date;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <h2 id={titleId} className={styles.cardTitle}>
          Minutes per day
        </h2>
        <p className={styles.cardNote} aria-hidden={day ? true : undefined}>
          {day ? (
            <span className={styles.readout}>
              {formatDay(day.date)} · {minutesLabel(day.minutes)}
            </span>
          ) : (
            <>
              Last 30 days · {chart.total} min on {chart.activeDays} {chart.activeDays === 1 ? "day" : "days"}
            </>
          )}
        </p>
      </header>
      <div className={styles.chart}>
        <div className={styles.yAxis} aria-hidden="true">
          <span>{chart.top}</span>
          <span>{chart.top / 2}</span>
          <span>0</span>
        </div>
        <svg
          className={styles.bars}
          viewBox={`0 0 ${days.length * SLOT} 100`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Minutes per day, last 30 days: ${summary}`}
          {...pointer}
        >
          {[PLOT_TOP, PLOT_TOP + PLOT_HEIGHT / 2, 100].map((y) => (
            <line key={y} className={styles.gridLine} x1="0" x2={days.length * SLOT} y1={y} y2={y} vectorEffect="non-scaling-stroke" />
          ))}
          {chart.bars.map((bar, index) => {
            const height = bar.minutes > 0 ? Math.max(1.5, bar.height * PLOT_HEIGHT) : 1.2;
            return (
              <rect
                key={bar.date}
                className={[styles.bar, bar.minutes === 0 && styles.barEmpty, bar.isToday && styles.barToday].filter(Boolean).join(" ")}
                x={index * SLOT + (SLOT - BAR) / 2}
                y={100 - height}
                width={BAR}
                height={height}
                rx="1.2"
                data-date={bar.date}
                data-minutes={bar.minutes}
              >
                <title>{`${formatDay(bar.date)}: ${minutesLabel(bar.minutes)}`}</title>
              </rect>
            );
          })}
        </svg>
        <div className={styles.xAxis} aria-hidden="true">
          <span>{first && formatShortDay(first)}</span>
          <span>{middle && formatShortDay(middle)}</span>
          <span>Today</span>
        </div>
      </div>
      <div className="visually-hidden">
        <table>
          <caption>Minutes per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Minutes</th>
            </tr>
          </thead>
          <tbody>
            {chart.bars.map((bar) => (
              <tr key={bar.date}>
                <th scope="row">{formatLongDay(bar.date)}</th>
                <td>{bar.minutes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
