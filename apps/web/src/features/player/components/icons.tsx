import type { ReactNode } from "react";

export type IconName =
  | "play"
  | "pause"
  | "back10"
  | "ahead10"
  | "volume"
  | "muted"
  | "lock"
  | "heart"
  | "link"
  | "headphones"
  | "video"
  | "check"
  | "wave"
  | "moon"
  | "close"
  | "captions"
  | "transcript"
  | "download";

const PATHS: Record<IconName, ReactNode> = {
  play: <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" fill="currentColor" stroke="none" />,
  pause: (
    <>
      <rect x="6.5" y="5" width="3.8" height="14" rx="1.4" fill="currentColor" stroke="none" />
      <rect x="13.7" y="5" width="3.8" height="14" rx="1.4" fill="currentColor" stroke="none" />
    </>
  ),
  back10: (
    <>
      <path d="M4.5 12a7.5 7.5 0 1 0 2.2-5.3" />
      <path d="M4.5 3.8v3.6h3.6" />
      <text x="12" y="15.3" textAnchor="middle" fontSize="7.5" fontWeight="800" fill="currentColor" stroke="none">
        10
      </text>
    </>
  ),
  ahead10: (
    <>
      <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" />
      <path d="M19.5 3.8v3.6h-3.6" />
      <text x="12" y="15.3" textAnchor="middle" fontSize="7.5" fontWeight="800" fill="currentColor" stroke="none">
        10
      </text>
    </>
  ),
  volume: (
    <>
      <path d="M4 9.5v5h3.5L12 18.5v-13L7.5 9.5Z" fill="currentColor" />
      <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
    </>
  ),
  muted: (
    <>
      <path d="M4 9.5v5h3.5L12 18.5v-13L7.5 9.5Z" fill="currentColor" />
      <path d="M16 9.5l5 5M21 9.5l-5 5" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2.5" fill="currentColor" stroke="none" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </>
  ),
  download: (
    <>
      <path d="M12 4.5v10" />
      <path d="m7.5 10.5 4.5 4.5 4.5-4.5" />
      <path d="M5 19.5h14" />
    </>
  ),
  heart: <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20Z" />,
  link: (
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </>
  ),
  headphones: (
    <>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
      <rect x="3.5" y="14" width="4" height="6" rx="1.5" fill="currentColor" />
      <rect x="16.5" y="14" width="4" height="6" rx="1.5" fill="currentColor" />
    </>
  ),
  video: (
    <>
      <rect x="3" y="6" width="13" height="12" rx="2.5" />
      <path d="M16 10.5l5-3v9l-5-3" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  wave: <path d="M3 12h2l2-5 3 10 3-12 3 12 2-5h3" />,
  moon: <path d="M19.5 14.5A7.5 7.5 0 1 1 9.5 4.5a6 6 0 0 0 10 10Z" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  captions: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="3" />
      <path d="M10.5 10.2a2.3 2.3 0 1 0 0 3.6M17 10.2a2.3 2.3 0 1 0 0 3.6" />
    </>
  ),
  transcript: <path d="M5 6.5h14M5 10.5h14M5 14.5h9M5 18.5h6" />,
};

/** The player's line icons, drawn in the current colour. */
export function PlayerIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
