import type { ReactNode } from "react";
import styles from "./notice.module.css";

export type NoticeKind = "info" | "success" | "error";

const ICON: Record<NoticeKind, ReactNode> = {
  info: <path d="M12 11V16M12 8H12.01" />,
  success: <path d="M8 12.5L10.8 15.2L16 9.5" />,
  error: <path d="M12 8V12.5M12 15.8H12.01" />,
};

interface NoticeProps {
  kind?: NoticeKind;
  title?: string;
  children?: ReactNode;
  className?: string;
}

/**
 * A message inside the page (not a toast): a confirmation, an explanation or an error notice.
 * Errors are announced at once (alert), the others politely (status).
 */
export function Notice({ kind = "info", title, children, className }: NoticeProps) {
  return (
    <div className={[styles.notice, styles[kind], className].filter(Boolean).join(" ")} role={kind === "error" ? "alert" : "status"}>
      <svg
        className={styles.icon}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="9.5" strokeWidth="1.8" />
        {ICON[kind]}
      </svg>
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.text}>{children}</div>}
      </div>
    </div>
  );
}
