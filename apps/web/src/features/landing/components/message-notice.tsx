import styles from "./message-notice.module.css";

/** The `message` query parameter, shown as a calm info notice (spec 000 section 2). */
export function MessageNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className={styles.notice} role="status">
      <span className={styles.icon} aria-hidden="true">
        i
      </span>
      <p>{message}</p>
    </div>
  );
}
