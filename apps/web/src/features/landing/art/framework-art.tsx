import { useId } from "react";

export interface FrameworkArtProps {
  className?: string;
}

function sparkle(x: number, y: number, s: number): string {
  return `M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z`;
}

const CX = 210;
const CY = 194;

export function FrameworkArt({ className }: FrameworkArtProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const id = (name: string) => `fw-${name}-${uid}`;
  const url = (name: string) => `url(#${id(name)})`;

  return (
    <svg viewBox="0 0 420 360" className={className} aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <linearGradient id={id("mint")} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7cc6b4" />
          <stop offset="0.9" stopColor="#def3ed" />
        </linearGradient>
        <linearGradient id={id("lav")} x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#b7a4ee" />
          <stop offset="0.9" stopColor="#ecebff" />
        </linearGradient>
        <linearGradient id={id("peach")} x1="1" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#f2a66b" />
          <stop offset="0.9" stopColor="#fdebdd" />
        </linearGradient>
        <radialGradient id={id("glow")} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#ffffff" stopOpacity="1" />
          <stop offset="0.45" stopColor="#ffffff" stopOpacity="0.7" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </radialGradient>
      </defs>

      {/* Orbit */}
      <circle cx={CX} cy={CY} r="158" fill="none" stroke="#c9b8f2" strokeWidth="1.5" strokeDasharray="1 8" strokeLinecap="round" />
      <circle cx={CX - 150} cy={CY - 50} r="5" fill="#7cc6b4" />
      <circle cx={CX + 156} cy={CY + 24} r="4" fill="#f2a66b" />
      <circle cx={CX + 40} cy={CY + 153} r="4.5" fill="#c9b8f2" />

      {/* The three circles */}
      <circle cx="210" cy="128" r="100" fill={url("mint")} opacity="0.7" />
      <circle cx="152" cy="228" r="100" fill={url("lav")} opacity="0.7" />
      <circle cx="268" cy="228" r="100" fill={url("peach")} opacity="0.65" />

      {/* Glowing centre */}
      <circle cx={CX} cy={CY} r="62" fill={url("glow")} />
      <circle cx={CX} cy={CY} r="20" fill="#ffffff" />
      <path
        d="M210 204C203 199 199 196 199 191C199 188 201 186 204 186C206.5 186 208.5 187.5 210 190C211.5 187.5 213.5 186 216 186C219 186 221 188 221 191C221 196 217 199 210 204Z"
        fill="#f3b6c3"
      />

      {/* Leaf badge (mind & nature) */}
      <g transform="translate(210 74)">
        <circle r="34" fill="#ffffff" opacity="0.45" />
        <circle r="26" fill="#ffffff" />
        <path d="M-10 11C-13 -4 -3 -13 12 -12C13 3 4 13 -10 11Z" fill="#def3ed" stroke="#4f9e96" strokeWidth="2.5" strokeLinejoin="round" />
        <path d="M-10 11L5 -4" fill="none" stroke="#4f9e96" strokeWidth="2.5" strokeLinecap="round" />
      </g>

      {/* Brain badge (CBT) */}
      <g transform="translate(112 262)">
        <circle r="34" fill="#ffffff" opacity="0.45" />
        <circle r="26" fill="#ffffff" />
        <g fill="#ecebff" stroke="#4f4fc9" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round">
          <path d="M-1 -12C-6 -15 -12 -12 -12 -6C-16 -4 -16 3 -12 5C-12 11 -6 14 -1 11Z" />
          <path d="M1 -12C6 -15 12 -12 12 -6C16 -4 16 3 12 5C12 11 6 14 1 11Z" />
          <path d="M-6 -4C-4 -2 -4 1 -7 2M6 -4C4 -2 4 1 7 2M-1 -12V11" fill="none" />
        </g>
      </g>

      {/* Sound badge (audio) */}
      <g transform="translate(308 262)">
        <circle r="34" fill="#ffffff" opacity="0.45" />
        <circle r="26" fill="#ffffff" />
        <path d="M-12 -3V3M-6 -8V8M0 -13V13M6 -7V7M12 -3V3" fill="none" stroke="#e58d55" strokeWidth="3" strokeLinecap="round" />
      </g>

      {/* Sparkles */}
      <g fill="#ffffff">
        <path d={sparkle(158, 168, 6)} opacity="0.9" />
        <path d={sparkle(262, 172, 5)} opacity="0.9" />
        <path d={sparkle(214, 250, 4)} opacity="0.8" />
      </g>
      <path d={sparkle(350, 70, 8)} fill="#c9b8f2" />
      <path d={sparkle(60, 300, 6)} fill="#7cc6b4" opacity="0.8" />
      <path d={sparkle(380, 320, 5)} fill="#f2a66b" opacity="0.7" />
    </svg>
  );
}
