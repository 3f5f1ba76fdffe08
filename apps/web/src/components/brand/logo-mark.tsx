import { useId } from "react";

export interface LogoMarkProps {
  className?: string;
}

export function LogoMark({ className }: LogoMarkProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const gradientId = `logo-grad-${uid}`;

  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f4fc9" />
          <stop offset="0.55" stopColor="#9b7fdc" />
          <stop offset="1" stopColor="#f2a66b" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradientId})`} />
      <path d="M29 7.5Q29 10 31.5 10Q29 10 29 12.5Q29 10 26.5 10Q29 10 29 7.5Z" fill="#ffffff" opacity="0.85" />
      <path d="M11 21A9 9 0 0 1 29 21Z" fill="#ffffff" />
      <path
        d="M7 26C9.2 24 11.3 24 13.5 26S17.8 28 20 26S24.3 24 26.5 26S30.8 28 33 26"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M12 31C13.8 29.5 15.7 29.5 17.5 31S21.2 32.5 23 31S26.7 29.5 28.5 31"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity="0.55"
      />
    </svg>
  );
}
