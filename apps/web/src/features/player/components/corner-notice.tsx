import { useCallback, useEffect, useState } from "react";
import styles from "./corner-notice.module.css";

const NOTICE_MS = 3000;

/** A small notification in the bottom right corner (spec 001 section 8: 'Url does not exist'). */
export function useCornerNotice() {
  const [message, setMessage] = useState<{ text: string; at: number } | null>(null);
  const show = useCallback((text: string) => setMessage({ text, at: Date.now() }), []);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  const element = (
    <div className={styles.cornerRegion} role="status" aria-live="polite">
      {message && (
        <p key={message.at} className={styles.corner}>
          <span className={styles.cornerDot} aria-hidden="true" />
          {message.text}
        </p>
      )}
    </div>
  );
  return { show, element };
}
