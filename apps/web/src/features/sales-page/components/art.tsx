import styles from "../sales-page.module.css";

/** The sales page's own drawings: calm shapes in the page's palette, no stock photos. */

/** The hero's backdrop: a moon over soft hills. */
export function HeroArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 1200 320" preserveAspectRatio="xMidYMax slice" aria-hidden="true" focusable="false">
      <circle cx="960" cy="92" r="44" fill="var(--sp-moon)" opacity="0.9" />
      <circle cx="982" cy="80" r="40" fill="var(--sp-hero-bg)" opacity="0.55" />
      <g fill="var(--sp-star)" opacity="0.7">
        <circle cx="180" cy="60" r="2" />
        <circle cx="320" cy="120" r="1.5" />
        <circle cx="640" cy="40" r="2" />
        <circle cx="780" cy="150" r="1.5" />
        <circle cx="1100" cy="180" r="2" />
        <circle cx="80" cy="170" r="1.5" />
      </g>
      <path d="M0 250 C 200 200 360 220 560 250 S 900 290 1200 230 V 320 H 0 Z" fill="var(--sp-hill-1)" />
      <path d="M0 285 C 240 250 420 270 640 290 S 1000 300 1200 275 V 320 H 0 Z" fill="var(--sp-hill-2)" />
    </svg>
  );
}

/** The hero video's still before it first plays: a sun rising over calm water, in the page's palette. */
export function VideoStill({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 640 360" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <rect width="640" height="360" fill="var(--sp-hero-bg)" />
      <circle cx="430" cy="150" r="110" fill="var(--sp-moon)" opacity="0.16" />
      <circle cx="430" cy="150" r="52" fill="var(--sp-moon)" opacity="0.9" />
      <g fill="var(--sp-star)" opacity="0.35">
        <ellipse cx="170" cy="96" rx="74" ry="18" />
        <ellipse cx="200" cy="84" rx="36" ry="20" />
        <ellipse cx="560" cy="70" rx="60" ry="15" />
      </g>
      <path d="M0 232 C 120 214 240 246 360 230 S 560 212 640 228 V 360 H 0 Z" fill="var(--sp-hill-1)" />
      <path d="M0 282 C 140 262 300 296 440 280 S 600 268 640 276 V 360 H 0 Z" fill="var(--sp-hill-2)" />
    </svg>
  );
}

/** Habit, Technique and Transformation at the corners of one triangle, each leading to the next. */
export function TriangleArt({ names }: { names: readonly [string, string, string] }) {
  return (
    <svg
      className={styles.triangle}
      viewBox="0 0 320 290"
      role="img"
      aria-label={`${names[0]}, ${names[1]} and ${names[2]}, each leading to the next`}
    >
      <defs>
        <linearGradient id="sp-triangle-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--sp-accent-soft)" />
          <stop offset="1" stopColor="var(--sp-primary-soft)" />
        </linearGradient>
      </defs>
      <path
        d="M160 40 L284 250 L36 250 Z"
        fill="url(#sp-triangle-fill)"
        stroke="var(--sp-primary)"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M160 95 L236 225 L84 225 Z"
        fill="none"
        stroke="var(--sp-primary)"
        strokeOpacity="0.25"
        strokeWidth="2"
        strokeDasharray="4 6"
      />
      {(
        [
          [160, 40],
          [284, 250],
          [36, 250],
        ] as const
      ).map(([x, y], index) => (
        <g key={names[index]}>
          <circle cx={x} cy={y} r="22" fill="var(--sp-surface)" stroke="var(--sp-primary)" strokeWidth="3" />
          <text x={x} y={y + 6} textAnchor="middle" fontSize="17" fontWeight="800" fill="var(--sp-primary)">
            {index + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** A shield with a tick: the refund guarantee. */
export function ShieldArt() {
  return (
    <svg className={styles.shield} viewBox="0 0 64 72" aria-hidden="true" focusable="false">
      <path
        d="M32 4 L58 14 V34 C58 52 46 63 32 68 C18 63 6 52 6 34 V14 Z"
        fill="var(--sp-primary-soft)"
        stroke="var(--sp-primary)"
        strokeWidth="3"
      />
      <path d="M21 36 L29 44 L44 27" fill="none" stroke="var(--sp-primary)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A small leaf beside list items. */
export function LeafMark() {
  return (
    <svg className={styles.leaf} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M4 16 C4 8 9 4 17 3 C16 11 12 16 4 16 Z" fill="var(--sp-accent-soft)" stroke="var(--sp-accent-ink)" strokeWidth="1.6" />
      <path d="M4 16 L12 8" stroke="var(--sp-accent-ink)" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Stars of a rating, read out as "Rated 5 out of 5". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={`Rated ${rating} out of 5`}>
      {"★".repeat(rating)}
      <span className={styles.starsEmpty}>{"★".repeat(5 - rating)}</span>
    </span>
  );
}

const SOCIAL_PATHS: Record<string, string> = {
  facebook: "M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z",
  instagram:
    "M12 7.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 7.4a2.9 2.9 0 1 1 0-5.8 2.9 2.9 0 0 1 0 5.8zM16.8 6.2a1 1 0 1 0 0 2 1 1 0 0 0 0-2zM7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3zm0 1.6a2.9 2.9 0 0 0-2.9 2.9v9a2.9 2.9 0 0 0 2.9 2.9h9a2.9 2.9 0 0 0 2.9-2.9v-9a2.9 2.9 0 0 0-2.9-2.9z",
  youtube:
    "M21 8.2s-.2-1.4-.8-2c-.8-.8-1.6-.8-2-.9C15.4 5 12 5 12 5s-3.4 0-6.2.3c-.4.1-1.2.1-2 .9-.6.6-.8 2-.8 2S3 9.8 3 11.4v1.2c0 1.6.2 3.2.2 3.2s.2 1.4.8 2c.8.8 1.8.8 2.2.9 1.6.1 5.8.3 5.8.3s3.4 0 6.2-.3c.4-.1 1.2-.1 2-.9.6-.6.8-2 .8-2s.2-1.6.2-3.2v-1.2C21 9.8 21 8.2 21 8.2zM10.2 14.8V9.2l5 2.8z",
  x: "M17.5 3.5h3l-6.6 7.5 7.7 10h-6l-4.7-6.2-5.4 6.2h-3l7-8-7.4-9.5h6.2l4.3 5.6zm-1 15.7h1.6L7.6 5.2H5.8z",
  tiktok:
    "M16.5 3c.3 2.2 1.6 3.6 3.8 3.8v3c-1.4.1-2.6-.3-3.8-1.1v5.8c0 3.6-2.8 5.9-5.9 5.5-2.6-.3-4.4-2.5-4.3-5.2.1-3 2.7-5.2 5.7-4.8v3.1c-1.4-.4-2.7.4-2.8 1.7-.1 1.2.8 2.1 2 2.1 1.2 0 2.1-.9 2.1-2.4V3z",
};

/** A social network's glyph. */
export function SocialIcon({ network }: { network: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.social}>
      <path d={SOCIAL_PATHS[network] ?? ""} fill="currentColor" />
    </svg>
  );
}
