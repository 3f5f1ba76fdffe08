import styles from "./spinner.module.css";

/** A slow, breathing circle while something loads; the label is read out, not shown. */
export function Spinner({ label, size = 48 }: { label: string; size?: number }) {
  return (
    <div className={styles.wrap} role="status">
      <svg className={styles.spinner} width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle className={styles.halo} cx="24" cy="24" r="20" />
        <circle className={styles.core} cx="24" cy="24" r="11" />
      </svg>
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
