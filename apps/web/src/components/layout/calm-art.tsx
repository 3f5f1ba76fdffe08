import { useId } from "react";

/** A quiet night scene (moon, stars, layered hills) for the sign-in pages. Decorative only. */
export function CalmArt({ className }: { className?: string }) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const sky = `calm-sky-${uid}`;
  const glow = `calm-glow-${uid}`;
  const crescent = `calm-moon-${uid}`;
  return (
    <svg
      className={className}
      viewBox="0 0 400 560"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1d2150" />
          <stop offset="0.6" stopColor="#3a3a86" />
          <stop offset="1" stopColor="#9b7fdc" />
        </linearGradient>
        <mask id={crescent}>
          <circle cx="236" cy="236" r="34" fill="#ffffff" />
          <circle cx="254" cy="224" r="30" fill="#000000" />
        </mask>
        <radialGradient id={glow} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fdebdd" stopOpacity="0.55" />
          <stop offset="1" stopColor="#fdebdd" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="400" height="560" fill={`url(#${sky})`} />
      <circle cx="236" cy="236" r="90" fill={`url(#${glow})`} />
      <circle cx="236" cy="236" r="34" fill="#fdebdd" mask={`url(#${crescent})`} />
      {[
        [96, 170, 1.4],
        [150, 300, 1.1],
        [300, 160, 1.6],
        [320, 300, 1.2],
        [84, 260, 1.2],
        [186, 150, 1],
        [270, 330, 1],
        [120, 340, 1.3],
      ].map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill="#ffffff" opacity="0.8" />
      ))}
      <path d="M0 372C70 332 150 330 220 356S340 392 400 360V560H0Z" fill="#c9b8f2" opacity="0.55" />
      <path d="M0 420C80 388 160 392 240 414S350 440 400 420V560H0Z" fill="#9cc3f0" opacity="0.55" />
      <path d="M0 470C90 440 180 446 260 466S360 488 400 474V560H0Z" fill="#7cc6b4" opacity="0.85" />
      <path d="M0 512C100 494 200 500 300 514S380 526 400 520V560H0Z" fill="#2c2f6e" opacity="0.55" />
    </svg>
  );
}
