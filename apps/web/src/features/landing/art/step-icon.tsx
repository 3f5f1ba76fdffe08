import { useId, type ReactNode } from "react";

export type StepNumber = 1 | 2 | 3 | 4;

export interface StepIconProps {
  step: StepNumber;
  className?: string;
}

function sparkle(x: number, y: number, s: number): string {
  return `M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z`;
}

const CHECK = "M-2.4 0.2L-0.6 2L2.6 -1.6";

interface StepArt {
  blob: string;
  blobFill: string;
  render: (gradientUrl: string, gradientId: string) => ReactNode;
}

const STEPS: Record<StepNumber, StepArt> = {
  1: {
    blob: "M62 10C88 9 110 28 111 56C112 84 94 108 64 110C34 112 10 94 9 64C8 36 34 11 62 10Z",
    blobFill: "#ecebff",
    render: () => (
      <>
        <circle cx="100" cy="24" r="6" fill="#c9b8f2" />
        <path d={sparkle(20, 34, 5)} fill="#4f4fc9" opacity="0.5" />
        <rect x="38" y="31" width="48" height="64" rx="9" fill="#c9b8f2" opacity="0.6" />
        <rect x="34" y="27" width="48" height="64" rx="9" fill="#ffffff" />
        <rect x="46" y="21" width="24" height="12" rx="5" fill="#4f4fc9" />
        <circle cx="58" cy="25" r="2" fill="#ecebff" />
        {[46, 61].map((y) => (
          <g key={y}>
            <circle cx="46" cy={y} r="5.5" fill="#7cc6b4" />
            <path
              d={CHECK}
              transform={`translate(46 ${y})`}
              fill="none"
              stroke="#ffffff"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <rect x="56" y={y - 2} width="18" height="4" rx="2" fill="#c9b8f2" />
          </g>
        ))}
        <circle cx="46" cy="76" r="4.5" fill="none" stroke="#c9b8f2" strokeWidth="2" />
        <rect x="56" y="74" width="13" height="4" rx="2" fill="#ecebff" />
      </>
    ),
  },
  2: {
    blob: "M58 9C84 6 108 22 112 50C116 80 96 108 66 111C36 114 12 96 9 68C6 40 30 12 58 9Z",
    blobFill: "#def3ed",
    render: () => (
      <>
        <circle cx="18" cy="84" r="5" fill="#7cc6b4" opacity="0.6" />
        <path d={sparkle(102, 92, 5)} fill="#7cc6b4" />
        <rect x="32" y="36" width="60" height="54" rx="10" fill="#7cc6b4" opacity="0.35" />
        <rect x="28" y="32" width="60" height="54" rx="10" fill="#ffffff" />
        <path d="M28 42A10 10 0 0 1 38 32H78A10 10 0 0 1 88 42V46H28Z" fill="#7cc6b4" />
        <rect x="39" y="26" width="5" height="12" rx="2.5" fill="#2c2f6e" />
        <rect x="72" y="26" width="5" height="12" rx="2.5" fill="#2c2f6e" />
        <g fill="#def3ed">
          <rect x="36" y="53" width="9" height="9" rx="3" />
          <rect x="49" y="53" width="9" height="9" rx="3" />
          <rect x="62" y="53" width="9" height="9" rx="3" />
          <rect x="75" y="53" width="9" height="9" rx="3" />
          <rect x="36" y="68" width="9" height="9" rx="3" />
          <rect x="49" y="68" width="9" height="9" rx="3" />
          <rect x="75" y="68" width="9" height="9" rx="3" />
        </g>
        <path
          d="M66.5 65.5L68.3 70L73.2 70.3L69.4 73.5L70.6 78.2L66.5 75.6L62.4 78.2L63.6 73.5L59.8 70.3L64.7 70Z"
          fill="#f2a66b"
          stroke="#f2a66b"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
        <path
          d="M88 76C98 76 104 82 102 92"
          fill="none"
          stroke="#2c2f6e"
          strokeWidth="2"
          strokeLinecap="round"
          strokeDasharray="0.5 5"
          opacity="0.5"
        />
      </>
    ),
  },
  3: {
    blob: "M64 8C92 12 112 34 110 62C108 90 86 112 58 110C30 108 8 86 10 58C12 30 36 4 64 8Z",
    blobFill: "#fdebdd",
    render: () => (
      <>
        <circle cx="98" cy="28" r="5" fill="#f2a66b" opacity="0.5" />
        <path d={sparkle(22, 88, 5)} fill="#f2a66b" opacity="0.8" />
        <path d="M34 70V62A26 26 0 0 1 86 62V70" fill="none" stroke="#4f4fc9" strokeWidth="6" strokeLinecap="round" />
        <rect x="27" y="62" width="15" height="28" rx="7.5" fill="#4f4fc9" />
        <rect x="78" y="62" width="15" height="28" rx="7.5" fill="#4f4fc9" />
        <rect x="37" y="66" width="5" height="20" rx="2.5" fill="#c9b8f2" />
        <rect x="78" y="66" width="5" height="20" rx="2.5" fill="#c9b8f2" />
        <g fill="#f2a66b">
          <rect x="48.5" y="71" width="4" height="10" rx="2" />
          <rect x="55" y="64" width="4" height="24" rx="2" />
          <rect x="61.5" y="68" width="4" height="16" rx="2" />
          <rect x="68" y="72" width="4" height="8" rx="2" />
        </g>
      </>
    ),
  },
  4: {
    blob: "M60 11C86 8 112 28 111 58C110 88 88 112 60 110C32 108 10 90 10 60C10 32 34 14 60 11Z",
    blobFill: "#d9e8fa",
    render: (gradientUrl, gradientId) => (
      <>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fdd5b4" />
            <stop offset="1" stopColor="#f2a66b" />
          </linearGradient>
        </defs>
        <path d={sparkle(22, 30, 5)} fill="#9cc3f0" />
        <circle cx="100" cy="34" r="4" fill="#9cc3f0" />
        <g stroke="#f2a66b" strokeWidth="4" strokeLinecap="round">
          <path d="M58 22V28M58 88V94M22 58H28M88 58H94M32.5 32.5L36.8 36.8M79.2 79.2L83.5 83.5M32.5 83.5L36.8 79.2M79.2 36.8L83.5 32.5" />
        </g>
        <circle cx="58" cy="58" r="22" fill={gradientUrl} />
        <g fill="none" stroke="#2c2f6e" strokeWidth="2.5" strokeLinecap="round">
          <path d="M48 55C49.5 52.5 52.5 52.5 54 55M62 55C63.5 52.5 66.5 52.5 68 55" />
          <path d="M51 63C53 67 56 68.5 58 68.5S63 67 65 63" />
        </g>
        <circle cx="46" cy="62" r="3" fill="#f3b6c3" opacity="0.9" />
        <circle cx="70" cy="62" r="3" fill="#f3b6c3" opacity="0.9" />
        <g fill="#ffffff">
          <rect x="66" y="86" width="40" height="14" rx="7" />
          <circle cx="80" cy="86" r="9" />
          <circle cx="92" cy="88" r="6" />
        </g>
      </>
    ),
  },
};

export function StepIcon({ step, className }: StepIconProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const gradientId = `step-grad-${uid}`;
  const art = STEPS[step];

  return (
    <svg viewBox="0 0 120 120" className={className} aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <path d={art.blob} fill={art.blobFill} />
      {art.render(`url(#${gradientId})`, gradientId)}
    </svg>
  );
}
