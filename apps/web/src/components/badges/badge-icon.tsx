import type { ReactNode } from "react";
import styles from "./badge-icon.module.css";

type Tone = "indigo" | "peach" | "mint" | "sky" | "lavender" | "rose";

/**
 * One glyph per badge (packages/domain ACHIEVEMENTS), drawn on a 24-unit grid with round strokes,
 * and the colour family of its medal. Every badge shares the same medal, so the set reads as one.
 */
const GLYPHS: Record<string, { tone: Tone; glyph: ReactNode }> = {
  add_a_favorite: {
    tone: "rose",
    glyph: <path d="M12 20s-7.5-4.4-7.5-10.1A4.1 4.1 0 0 1 12 7.6a4.1 4.1 0 0 1 7.5 2.3C19.5 15.6 12 20 12 20z" />,
  },
  cbt_healed: {
    tone: "lavender",
    glyph: (
      <>
        <path d="M2.5 9.5 12 5l9.5 4.5L12 14z" />
        <path d="M6.5 11.6v4.6c0 1.4 2.5 2.8 5.5 2.8s5.5-1.4 5.5-2.8v-4.6" />
        <path d="M21.5 9.5v5" />
      </>
    ),
  },
  daily: {
    tone: "peach",
    glyph: (
      <>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2.5v2.2M12 19.3v2.2M2.5 12h2.2M19.3 12h2.2M5.3 5.3l1.6 1.6M17.1 17.1l1.6 1.6M5.3 18.7l1.6-1.6M17.1 6.9l1.6-1.6" />
      </>
    ),
  },
  deep_sleeper: {
    tone: "indigo",
    glyph: (
      <>
        <path d="M19.5 14.6A7.8 7.8 0 1 1 9.4 4.5a6.3 6.3 0 0 0 10.1 10.1z" />
        <path d="M17 3.2v3.6M15.2 5h3.6" />
      </>
    ),
  },
  first_course_session: {
    tone: "mint",
    glyph: (
      <>
        <path d="M6 21V3.5" />
        <path d="M6 4.5h11.5l-2.6 3.7 2.6 3.8H6" />
      </>
    ),
  },
  first_single: {
    tone: "lavender",
    glyph: (
      <>
        <path d="M12 4.5c2 2 3 4.6 3 7.2s-1.2 5.2-3 7.3c-1.8-2.1-3-4.6-3-7.3s1-5.2 3-7.2z" />
        <path d="M12 19c-4.2 0-8-2.6-9-6.8 2.9 0 5.4 1.1 6.9 3" />
        <path d="M12 19c4.2 0 8-2.6 9-6.8-2.9 0-5.4 1.1-6.9 3" />
      </>
    ),
  },
  first_sleep: {
    tone: "sky",
    glyph: (
      <>
        <path d="M7 20.5h9.5a3.8 3.8 0 0 0 .4-7.6 5.3 5.3 0 0 0-10.1 1.1A3.3 3.3 0 0 0 7 20.5z" />
        <path d="M15.5 3h4l-4 4.5h4" />
      </>
    ),
  },
  first_therapy: {
    tone: "mint",
    glyph: (
      <>
        <path d="M5 4h14a2 2 0 0 1 2 2v8.5a2 2 0 0 1-2 2h-7.5L6.5 20.5v-4H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
        <path d="M7.5 8.8h9M7.5 12.2h5.5" />
      </>
    ),
  },
  influencer: {
    tone: "rose",
    glyph: (
      <>
        <circle cx="17.5" cy="5.5" r="2.6" />
        <circle cx="6.5" cy="12" r="2.6" />
        <circle cx="17.5" cy="18.5" r="2.6" />
        <path d="M8.8 10.7 15.2 6.8M8.8 13.3l6.4 3.9" />
      </>
    ),
  },
  first_worksheet: {
    tone: "sky",
    glyph: (
      <>
        <path d="M9 3.5h6v3H9z" />
        <path d="M15 5h2.5a1.5 1.5 0 0 1 1.5 1.5v13a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 19.5v-13A1.5 1.5 0 0 1 6.5 5H9" />
        <path d="m8.8 14 2.2 2.2 4.2-4.4" />
      </>
    ),
  },
  month_of_calm: {
    tone: "peach",
    glyph: (
      <>
        <rect x="3.5" y="5" width="17" height="16" rx="2.2" />
        <path d="M3.5 9.8h17M8 3v4M16 3v4" />
        <path d="m9 15.2 2 2 4-4" />
      </>
    ),
  },
  music_lover: {
    tone: "indigo",
    glyph: (
      <>
        <path d="M9 18V5.5l11-2.2v12.4" />
        <circle cx="6" cy="18" r="3" />
        <circle cx="17" cy="15.7" r="3" />
      </>
    ),
  },
  note_taker: {
    tone: "peach",
    glyph: (
      <>
        <path d="m4 20 1-4.2L15.8 5a2.1 2.1 0 0 1 3 3L8.2 19z" />
        <path d="m14 6.8 3 3M12.5 20.5h7.5" />
      </>
    ),
  },
  the_basics: {
    tone: "mint",
    glyph: (
      <>
        <ellipse cx="12" cy="18.4" rx="7.5" ry="2.6" />
        <ellipse cx="12" cy="12.6" rx="5.2" ry="2.3" />
        <ellipse cx="12" cy="7.3" rx="3.2" ry="1.9" />
      </>
    ),
  },
};

const FALLBACK = { tone: "indigo" as Tone, glyph: <path d="m12 3.5 2.6 5.4 5.9.8-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.8z" /> };

/** Whether a badge has its own glyph (every one of the catalogue does). */
export const hasBadgeGlyph = (name: string) => name in GLYPHS;

interface BadgeIconProps {
  /** The badge's machine_name. */
  name: string;
  /** Received: a coloured medal. Not yet: an outlined, muted medal with the same glyph. */
  received?: boolean;
  className?: string;
}

/**
 * A badge's medal (decision 036): a round medal with the badge's glyph. The earned one is filled in its
 * colour with a solid ring; the one still to earn is a dashed outline in grey, so the two differ in
 * shape as well as colour. Decorative: the name beside it says what it is.
 */
export function BadgeIcon({ name, received = true, className }: BadgeIconProps) {
  const { tone, glyph } = GLYPHS[name] ?? FALLBACK;
  return (
    <svg
      className={[styles.badge, received ? styles[tone] : styles.inactive, className].filter(Boolean).join(" ")}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      data-received={received}
    >
      <circle className={styles.medal} cx="24" cy="24" r="21.5" />
      {received && <circle className={styles.inner} cx="24" cy="24" r="17" />}
      <g className={styles.glyph} transform="translate(12 12)">
        {glyph}
      </g>
    </svg>
  );
}
