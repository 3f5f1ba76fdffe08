import { useId } from "react";

export interface HeroArtProps {
  className?: string;
}

const STARS: ReadonlyArray<readonly [number, number, number, number]> = [
  // cx, cy, r, opacity
  [58, 64, 1.8, 0.9],
  [136, 118, 1.2, 0.7],
  [214, 46, 1.6, 0.85],
  [300, 92, 1.1, 0.6],
  [356, 38, 1.4, 0.8],
  [520, 150, 1.2, 0.6],
  [96, 176, 1, 0.5],
  [446, 190, 1, 0.45],
  [262, 150, 1, 0.45],
  [408, 110, 1.3, 0.7],
  [30, 128, 1, 0.55],
];

/** A four-pointed sparkle centred on (x, y). */
function sparkle(x: number, y: number, s: number): string {
  return `M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z`;
}

export function HeroArt({ className }: HeroArtProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const id = (name: string) => `hero-${name}-${uid}`;
  const url = (name: string) => `url(#${id(name)})`;

  return (
    <svg viewBox="0 0 560 480" className={className} aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <clipPath id={id("frame")}>
          <rect width="560" height="480" rx="40" />
        </clipPath>
        <linearGradient id={id("sky")} x1="0" y1="0" x2="0" y2="318" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#1d2150" />
          <stop offset="0.32" stopColor="#2c2f6e" />
          <stop offset="0.6" stopColor="#6a5fc9" />
          <stop offset="0.8" stopColor="#c9a3d8" />
          <stop offset="0.92" stopColor="#f3b6c3" />
          <stop offset="1" stopColor="#f8c7a3" />
        </linearGradient>
        <radialGradient id={id("glow")} cx="280" cy="262" r="210" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#fdebdd" stopOpacity="0.75" />
          <stop offset="0.45" stopColor="#f3b6c3" stopOpacity="0.28" />
          <stop offset="1" stopColor="#f3b6c3" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={id("sun")} x1="0" y1="176" x2="0" y2="330" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#fff6ee" />
          <stop offset="0.55" stopColor="#fdd5b4" />
          <stop offset="1" stopColor="#f2a66b" />
        </linearGradient>
        <linearGradient id={id("far")} x1="0" y1="236" x2="0" y2="320" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#c9b8f2" />
          <stop offset="1" stopColor="#a99be6" />
        </linearGradient>
        <linearGradient id={id("mid")} x1="0" y1="276" x2="0" y2="322" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6f63d6" />
          <stop offset="1" stopColor="#4f4fc9" />
        </linearGradient>
        <linearGradient id={id("lake")} x1="0" y1="316" x2="0" y2="480" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#f6c2c0" />
          <stop offset="0.35" stopColor="#b9a6e6" />
          <stop offset="1" stopColor="#4f4fc9" />
        </linearGradient>
        <linearGradient id={id("mound")} x1="0" y1="388" x2="0" y2="480" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#7cc6b4" />
          <stop offset="1" stopColor="#4b9a95" />
        </linearGradient>
        <linearGradient id={id("front")} x1="0" y1="410" x2="0" y2="480" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#2c2f6e" />
          <stop offset="1" stopColor="#1d2150" />
        </linearGradient>
        <radialGradient id={id("moonGlow")} cx="458" cy="86" r="46" gradientUnits="userSpaceOnUse">
          <stop offset="0.4" stopColor="#fdebdd" stopOpacity="0.22" />
          <stop offset="1" stopColor="#fdebdd" stopOpacity="0" />
        </radialGradient>
        <mask id={id("moon")}>
          <rect width="560" height="480" fill="#fff" />
          <circle cx="470" cy="76" r="19" fill="#000" />
        </mask>
      </defs>

      <g clipPath={url("frame")}>
        {/* Sky */}
        <rect width="560" height="480" fill={url("sky")} />

        {/* Stars */}
        <g fill="#ffffff">
          {STARS.map(([cx, cy, r, o]) => (
            <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} opacity={o} />
          ))}
          <path d={sparkle(112, 70, 7)} opacity="0.9" />
          <path d={sparkle(392, 150, 5)} opacity="0.7" />
          <path d={sparkle(186, 196, 4)} opacity="0.5" />
        </g>

        {/* Crescent moon */}
        <circle cx="458" cy="86" r="46" fill={url("moonGlow")} />
        <circle cx="458" cy="86" r="20" fill="#fdebdd" mask={url("moon")} />

        {/* Sun and glow */}
        <circle cx="280" cy="262" r="210" fill={url("glow")} />
        <circle cx="280" cy="262" r="128" fill="none" stroke="#fdebdd" strokeWidth="1.5" opacity="0.18" />
        <circle cx="280" cy="262" r="104" fill="#fdebdd" opacity="0.14" />
        <circle cx="280" cy="262" r="84" fill={url("sun")} />

        {/* Soft clouds */}
        <g fill="#fbf8f4" opacity="0.28">
          <rect x="150" y="238" width="96" height="9" rx="4.5" />
          <rect x="196" y="222" width="58" height="7" rx="3.5" />
          <rect x="318" y="250" width="104" height="9" rx="4.5" />
          <rect x="346" y="268" width="64" height="7" rx="3.5" />
        </g>
        <g fill="#fbf8f4" opacity="0.22">
          <circle cx="74" cy="222" r="14" />
          <circle cx="96" cy="212" r="20" />
          <circle cx="120" cy="222" r="13" />
          <rect x="50" y="222" width="96" height="14" rx="7" />
          <circle cx="472" cy="206" r="11" />
          <circle cx="490" cy="198" r="16" />
          <circle cx="510" cy="208" r="10" />
          <rect x="452" y="206" width="80" height="12" rx="6" />
        </g>

        {/* Far hills */}
        <path
          d="M0 262C70 236 140 244 200 280C232 299 254 312 280 316C316 312 346 298 388 278C448 250 508 244 560 258V330H0Z"
          fill={url("far")}
        />
        {/* Nearer hills at the sides */}
        <path
          d="M0 294C52 278 104 282 152 302C176 312 196 318 220 320H0Z M560 288C502 274 446 284 394 306C372 315 356 319 336 320H560Z"
          fill={url("mid")}
        />

        {/* Lake */}
        <rect x="0" y="316" width="560" height="164" fill={url("lake")} />
        <g fill="#fdebdd">
          <rect x="216" y="324" width="128" height="5" rx="2.5" opacity="0.75" />
          <rect x="234" y="337" width="92" height="5" rx="2.5" opacity="0.6" />
          <rect x="250" y="350" width="60" height="4" rx="2" opacity="0.5" />
          <rect x="262" y="362" width="36" height="4" rx="2" opacity="0.4" />
          <rect x="60" y="340" width="70" height="3" rx="1.5" opacity="0.3" />
          <rect x="432" y="346" width="80" height="3" rx="1.5" opacity="0.3" />
          <rect x="24" y="372" width="48" height="3" rx="1.5" opacity="0.22" />
          <rect x="476" y="384" width="56" height="3" rx="1.5" opacity="0.22" />
        </g>

        {/* Foreground mound */}
        <path d="M-20 480C70 424 180 390 280 390C380 390 490 424 580 480Z" fill={url("mound")} />
        <path
          d="M150 424C190 408 236 401 280 400C324 401 370 408 410 424"
          fill="none"
          stroke="#def3ed"
          strokeWidth="3"
          strokeLinecap="round"
          opacity="0.3"
        />

        {/* Front corners */}
        <path d="M0 408C48 404 104 426 146 480H0Z" fill={url("front")} />
        <path d="M560 420C512 416 466 438 438 480H560Z" fill={url("front")} />

        {/* Leaves */}
        <g fill="#7cc6b4">
          <path d="M52 446C40 426 42 404 58 390C70 410 68 430 52 446Z" />
          <path d="M62 452C70 432 88 422 108 424C102 444 84 454 62 452Z" opacity="0.8" />
          <path d="M502 452C494 436 498 418 512 408C520 424 518 440 502 452Z" opacity="0.85" />
        </g>
        <g fill="none" stroke="#2c2f6e" strokeWidth="2" strokeLinecap="round" opacity="0.5">
          <path d="M52 446C52 426 54 410 58 396" />
          <path d="M62 452C76 440 88 432 104 426" />
          <path d="M502 452C504 438 508 424 512 412" />
        </g>

        {/* Meditating figure */}
        <g transform="translate(280 392) scale(1.2)" fill="#24285e">
          <circle cx="0" cy="-97" r="6.5" />
          <circle cx="0" cy="-80" r="13" />
          <rect x="-5" y="-70" width="10" height="10" rx="4" />
          <path d="M-18-50C-18-60-10-64 0-64C10-64 18-60 18-50L23-22C24-13-24-13-23-22Z" />
          <path d="M-14-56C-24-46-30-32-33-16M14-56C24-46 30-32 33-16" fill="none" stroke="#24285e" strokeWidth="8" strokeLinecap="round" />
          <path d="M-46-5C-46-17-26-22 0-17C26-22 46-17 46-5C46 2-46 2-46-5Z" />
          <circle cx="-34" cy="-14" r="5" />
          <circle cx="34" cy="-14" r="5" />
        </g>
      </g>
    </svg>
  );
}
