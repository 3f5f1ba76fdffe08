import type { DayMinutes } from "@serene/contracts";
import { useEffect, useId, useRef } from "react";
import { formatDay, formatLongDay, minutesLabel, yearCalendar } from "../model";
import { useDayReadout } from "./day-readout";
import styles from "./dashboard.module.css";

const CELL = 14;
const SQUARE = 11;
const LEFT = 30;
const TOP = 18;
const WEEKDAY_LABELS = [
  { row: 0, label: "Mon" },
  { row: 2, label: "Wed" },
  { row: 4, label: "Fri" },
];

/**
 * The last twelve months as a grid of days (a column per week, Monday on top), each day as deep as the
 * minutes practised, drawn in SVG. On a narrow screen the grid scrolls sideways and opens at today.
 * Each day names itself on hover; a visually hidden table gives the months' totals.
 */
export function YearCalendar({ days, today }: { days: DayMinutes[]; today: string }) {
  const calendar = yearCalendar(days, today);
  const titleId = useId();
  const { day: pointed, pointer } = useDayReadout();
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, []);
  const width = LEFT + calendar.weeks.length * CELL;
  const height = TOP + 7 * CELL;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <h2 id={titleId} className={styles.cardTitle}>
          Your year of practice
        </h2>
        <p className={styles.cardNote} aria-hidden={pointed ? true : undefined}>
          {pointed ? (
            <span className={styles.readout}>
              {formatDay(pointed.date)} · {minutesLabel(pointed.minutes)}
            </span>
          ) : (
            <>
              {calendar.practiceDays} {calendar.practiceDays === 1 ? "day" : "days"} in the last 12 months
            </>
          )}
        </p>
      </header>
      <div className={styles.calendarScroll} ref={scroller} tabIndex={0} aria-label="Year calendar, scrolls sideways">
        <svg
          className={styles.calendar}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={`Practice days from ${formatLongDay(calendar.first)} to ${formatLongDay(calendar.last)}: ${calendar.practiceDays} days with practice.`}
          {...pointer}
        >
          {calendar.months.map((month) => (
            <text key={`${month.column}-${month.label}`} className={styles.calendarText} x={LEFT + month.column * CELL} y={11}>
              {month.label}
            </text>
          ))}
          {WEEKDAY_LABELS.map((weekday) => (
            <text key={weekday.label} className={styles.calendarText} x={0} y={TOP + weekday.row * CELL + 9.5}>
              {weekday.label}
            </text>
          ))}
          {calendar.weeks.map((week, column) =>
            week.map((day) =>
              day ? (
                <rect
                  key={day.date}
                  className={[styles.day, styles[`level${day.level}`], day.date === today && styles.today].filter(Boolean).join(" ")}
                  x={LEFT + column * CELL}
                  y={TOP + day.weekday * CELL}
                  width={SQUARE}
                  height={SQUARE}
                  rx="2.5"
                  data-date={day.date}
                  data-minutes={day.minutes}
                  data-level={day.level}
                >
                  <title>{`${formatLongDay(day.date)}: ${minutesLabel(day.minutes)}`}</title>
                </rect>
              ) : null,
            ),
          )}
        </svg>
      </div>
      <div className={styles.legend} aria-hidden="true">
        <span>Less</span>
        {([0, 1, 2, 3, 4] as const).map((value) => (
          <svg key={value} viewBox="0 0 11 11" className={styles.legendSwatch}>
            <rect className={`${styles.day} ${styles[`level${value}`]}`} width="11" height="11" rx="2.5" />
          </svg>
        ))}
        <span>More</span>
      </div>
      <div className="visually-hidden">
        <table>
          <caption>Practice per month, last 12 months</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Days with practice</th>
              <th scope="col">Minutes</th>
            </tr>
          </thead>
          <tbody>
            {calendar.monthTotals.map((month) => (
              <tr key={month.label}>
                <th scope="row">{month.label}</th>
                <td>{month.days}</td>
                <td>{month.minutes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
