import styles from "./workbooks.module.css";

const TONES = 5;

/**
 * A quiet drawing at the top of a workbook card: a sun (or moon) over soft hills, its colours chosen by the
 * workbook's id so neighbouring cards differ. Drawn in CSS and SVG, no image to load.
 */
export function WorkbookArt({ id }: { id: number }) {
  const tone = ((id % TONES) + TONES) % TONES;
  return (
    <span className={[styles.art, styles[`tone${tone}`]].join(" ")} aria-hidden="true">
      <svg viewBox="0 0 240 96" preserveAspectRatio="xMidYMax slice" focusable="false">
        <circle cx={60 + ((id * 37) % 120)} cy="34" r="16" />
        <path d="M0 70 Q60 48 120 66 T240 60 V96 H0Z" />
        <path d="M0 82 Q70 66 140 82 T240 78 V96 H0Z" />
      </svg>
    </span>
  );
}
