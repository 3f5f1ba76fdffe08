import { useId } from "react";

export interface LogoMarkProps {
  className?: string;
}

export function LogoMark({ className }: LogoMarkProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const gradientId = `logo-grad-${uid}`;

  return (
    <svg
      viewBox="0 0 40 40"
      className={className}
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f4fc9" />
          <stop offset="0.55" stopColor="#9b7fdc" />
          <stop offset="1" stopColor="#f2a66b" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradientId})`} />
      <circle cx="20" cy="16" r="6.5" fill="#ffffff" />
      <path
        d="M8 27.5C11 24.5 14.5 24.5 17.5 26.5C20.5 28.5 24 28.5 27 26.5C28.8 25.3 30.5 25 32 25.5"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M12 32.5C15 31 17.5 31.5 20 32.5C22.5 33.5 25.5 33.5 28 32"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2.2"
        strokeLinecap="round"
        opacity="0.55"
      />
    </svg>
  );
}
