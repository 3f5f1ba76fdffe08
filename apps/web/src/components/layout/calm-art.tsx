import { useId } from "react";

/** A quiet night scene (moon, stars, layered hills) for the sign-in pages. Decorative only. */
export function CalmArt({ className }: { className?: string }) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const sky = `calm-sky-${uid}`;
  const glow = `calm-glow-${uid}`;
  return (
    <svg className={className} viewBox="0 0 400 560" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1d2150" />
          <stop offset="0.6" stopColor="#3a3a86" />
          <stop offset="1" stopColor="#9b7fdc" />
        </linearGradient>
        <radialGradient id={glow} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fdebdd" stopOpacity="0.55" />
          <stop offset="1" stopColor="#fdebdd" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="400" height="560" fill={`url(#${sky})`} />
      <circle cx="292" cy="128" r="96" fill={`url(#${glow})`} />
      <circle cx="292" cy="128" r="38" fill="#fdebdd" />
      <circle cx="308" cy="116" r="34" fill="#2c2f6e" opacity="0.9" />
      {[
        [48, 64, 1.6],
        [120, 116, 1.2],
        [176, 52, 1.8],
        [220, 196, 1.1],
        [70, 210, 1.3],
        [352, 240, 1.2],
        [150, 280, 1],
        [340, 40, 1.4],
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
