import { useEffect } from "react";
import { Link } from "react-router";
import styles from "./toast.module.css";
import { useToastStore, type ToastItem } from "./toast-store";

function Toast({ item }: { item: ToastItem }) {
  const dismiss = useToastStore((state) => state.dismiss);
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(item.id), item.duration);
    return () => window.clearTimeout(timer);
  }, [item.id, item.duration, dismiss]);
  return (
    <div className={[styles.toast, styles[item.kind]].join(" ")} role={item.kind === "error" ? "alert" : "status"}>
      {item.icon && <span className={styles.icon}>{item.icon}</span>}
      {item.to ? (
        <Link className={`${styles.message} ${styles.link}`} to={item.to} onClick={() => dismiss(item.id)}>
          {item.message}
        </Link>
      ) : (
        <span className={styles.message}>{item.message}</span>
      )}
      <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => dismiss(item.id)}>
        ×
      </button>
    </div>
  );
}

/** Where toasts appear: top centre, each for its own duration. */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className={styles.region} aria-live="polite">
      {toasts.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </div>
  );
}
