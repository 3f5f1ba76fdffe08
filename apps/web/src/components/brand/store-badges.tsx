import { useId } from "react";

export interface StoreBadgeProps {
  className?: string;
}

const FONT = "system-ui, sans-serif";

export function AppStoreBadge({ className }: StoreBadgeProps) {
  return (
    <svg viewBox="0 0 160 48" className={className} role="img" aria-label="Download on the App Store" xmlns="http://www.w3.org/2000/svg">
      <rect width="160" height="48" rx="10" fill="#000000" />
      <rect x="0.5" y="0.5" width="159" height="47" rx="9.5" fill="none" stroke="#ffffff" strokeOpacity="0.25" />
      <path
        d="M25 19.5C21.5 16.5 14 16.8 14 25C14 31.5 18 37 21 37C22.7 37 23.3 36.2 25 36.2C26.7 36.2 27.3 37 29 37C32 37 36 31.5 36 25C36 16.8 28.5 16.5 25 19.5Z"
        fill="#ffffff"
      />
      <path d="M25 17.5C25 13.5 27.5 11 31.5 11C31.5 15 29 17.5 25 17.5Z" fill="#ffffff" />
      <text x="45" y="20" fill="#ffffff" fontFamily={FONT} fontSize="9.5" fontWeight="400" letterSpacing="0.2">
        Download on the
      </text>
      <text x="44.5" y="37" fill="#ffffff" fontFamily={FONT} fontSize="18" fontWeight="600" letterSpacing="-0.2">
        App Store
      </text>
    </svg>
  );
}

export function GooglePlayBadge({ className }: StoreBadgeProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const gradientId = `gp-grad-${uid}`;

  return (
    <svg viewBox="0 0 160 48" className={className} role="img" aria-label="Get it on Google Play" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7cc6b4" />
          <stop offset="0.5" stopColor="#9cc3f0" />
          <stop offset="1" stopColor="#c9b8f2" />
        </linearGradient>
      </defs>
      <rect width="160" height="48" rx="10" fill="#000000" />
      <rect x="0.5" y="0.5" width="159" height="47" rx="9.5" fill="none" stroke="#ffffff" strokeOpacity="0.25" />
      <path
        d="M15 13.5C15 12 16.6 11.1 17.9 11.9L34.8 22.3C36.1 23.1 36.1 24.9 34.8 25.7L17.9 36.1C16.6 36.9 15 36 15 34.5Z"
        fill={`url(#${gradientId})`}
      />
      <path d="M15.6 12.3L27 24L15.6 35.7" fill="none" stroke="#000000" strokeOpacity="0.25" strokeWidth="1.2" />
      <text x="45" y="20" fill="#ffffff" fontFamily={FONT} fontSize="9.5" fontWeight="400" letterSpacing="0.2">
        Get it on
      </text>
      <text
        x="44.5"
        y="37"
        fill="#ffffff"
        fontFamily={FONT}
        fontSize="17"
        fontWeight="600"
        letterSpacing="-0.2"
        textLength="100"
        lengthAdjust="spacingAndGlyphs"
      >
        Google Play
      </text>
    </svg>
  );
}
