import type { ReactNode } from "react";
import styles from "./browse.module.css";

export type IntroTone = "dawn" | "dusk" | "night" | "sea";

/** The opening of a members' page: a title, one line about it, a soft horizon drawn in CSS. */
export function PageIntro({
  title,
  children,
  tone = "dawn",
  action,
}: {
  title: string;
  children?: ReactNode;
  tone?: IntroTone;
  action?: ReactNode;
}) {
  return (
    <header className={[styles.intro, styles[tone]].join(" ")}>
      <div className={styles.introCopy}>
        <h1>{title}</h1>
        {children && <p>{children}</p>}
      </div>
      {action}
      {/* Stretched into a low horizon on phones (browse.module.css); its own shape elsewhere. */}
      <svg className={styles.introArt} viewBox="0 0 200 120" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <circle cx="140" cy="48" r="26" />
        <path d="M0 92 Q50 70 100 90 T200 84 V120 H0Z" />
        <path d="M0 104 Q60 88 120 104 T200 100 V120 H0Z" />
      </svg>
    </header>
  );
}
