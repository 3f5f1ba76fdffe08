import styles from "./progress-curve.module.css";

/** Points of the curve, today and weeks 1–4: a gentle rise that levels out (an illustration, not data). */
const POINTS = [
  [32, 128],
  [96, 104],
  [160, 78],
  [224, 60],
  [288, 50],
] as const;
const LABELS = ["Today", "Week 1", "Week 2", "Week 3", "Week 4"];

/** A smooth path through the points (cubic segments with horizontal tangents halfway). */
const line = POINTS.map(([x, y], index) => {
  if (index === 0) return `M${x} ${y}`;
  const [px, py] = POINTS[index - 1]!;
  const mid = (px + x) / 2;
  return `C${mid} ${py} ${mid} ${y} ${x} ${y}`;
}).join(" ");

/**
 * The expected progress over the first four weeks as a light inline drawing: no chart library, no
 * numbers it cannot stand behind. The caption says what it is: a picture of how progress often
 * builds, not a promise.
 */
export function ProgressCurve() {
  return (
    <figure className={styles.figure}>
      <p className={styles.heading} aria-hidden="true">
        Your next 4 weeks
      </p>
      <svg
        className={styles.svg}
        viewBox="0 36 320 134"
        role="img"
        aria-label="A curve that rises gently from today to week 4 and then levels out"
        focusable="false"
      >
        <defs>
          <linearGradient id="progress-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="currentColor" stopOpacity="0.22" />
            <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
          </linearGradient>
        </defs>
        {[50, 89, 128].map((y) => (
          <line key={y} x1="32" x2="288" y1={y} y2={y} className={styles.grid} />
        ))}
        <path d={`${line} L288 140 L32 140 Z`} fill="url(#progress-fill)" />
        <path d={line} className={styles.line} />
        {POINTS.map(([x, y], index) => (
          <circle
            key={x}
            cx={x}
            cy={y}
            r={index === POINTS.length - 1 ? 7 : 4.5}
            className={index === POINTS.length - 1 ? styles.goal : styles.dot}
          />
        ))}
        {POINTS.map(([x], index) => (
          <text
            key={x}
            x={x}
            y="162"
            textAnchor={index === 0 ? "start" : index === POINTS.length - 1 ? "end" : "middle"}
            className={styles.label}
          >
            {LABELS[index]}
          </text>
        ))}
      </svg>
      <figcaption className={styles.caption}>
        How progress often builds with a few calm minutes a day. Everyone moves at their own pace; this is a picture, not a promise.
      </figcaption>
    </figure>
  );
}
