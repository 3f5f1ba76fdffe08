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
      <svg viewBox="0 0 320 96" preserveAspectRatio="xMidYMax slice" focusable="false">
        <circle cx={40 + ((id * 53) % 100)} cy="46" r="15" />
        <path d="M0 70 Q80 48 160 66 T320 60 V96 H0Z" />
        <path d="M0 82 Q90 66 180 82 T320 78 V96 H0Z" />
      </svg>
    </span>
  );
}
