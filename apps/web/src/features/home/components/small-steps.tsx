import type { ReactNode } from "react";
import styles from "./home.module.css";

interface Step {
  title: string;
  text: string;
  tone: "mint" | "lavender" | "peach";
  icon: ReactNode;
}

const STEPS: Step[] = [
  {
    title: "Breathe",
    text: "Four counts in, six counts out. Three rounds settle a busy mind.",
    tone: "mint",
    icon: <path d="M4 9C7 9 8 6 11 6S15 9 18 9M4 14C7 14 8 11 11 11S15 14 18 14M4 19C7 19 8 16 11 16S15 19 18 19" />,
  },
  {
    title: "Rest",
    text: "Dim the screens an hour before bed and let the day wind down.",
    tone: "lavender",
    icon: <path d="M19 14.5A7.5 7.5 0 1 1 9.5 5A6 6 0 0 0 19 14.5Z" />,
  },
  {
    title: "Notice",
    text: "Name one thing that went well today, however small.",
    tone: "peach",
    icon: (
      <>
        <path d="M12 3V5M12 19V21M3 12H5M19 12H21M5.6 5.6L7 7M17 17L18.4 18.4M5.6 18.4L7 17M17 7L18.4 5.6" />
        <circle cx="12" cy="12" r="4" />
      </>
    ),
  },
];

/** Three small practices for today, until the member's plan fills this place. */
export function SmallSteps() {
  return (
    <ul className={styles.steps}>
      {STEPS.map((step) => (
        <li key={step.title} className={styles.step}>
          <span className={[styles.stepIcon, styles[step.tone]].join(" ")}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
              {step.icon}
            </svg>
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ul>
  );
}
