export type MediaOutlet = "daily-mind" | "wellness-weekly" | "the-calm-post" | "modern-health" | "sleep-journal" | "mindful-times";

export interface MediaLogoProps {
  outlet: MediaOutlet;
  className?: string;
}

const MEDIA_OUTLET_NAMES: Record<MediaOutlet, string> = {
  "daily-mind": "The Daily Mind",
  "wellness-weekly": "Wellness Weekly",
  "the-calm-post": "The Calm Post",
  "modern-health": "Modern Health Review",
  "sleep-journal": "Sleep Journal",
  "mindful-times": "Mindful Times",
};

const SERIF = "Georgia, 'Times New Roman', Times, serif";
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONO = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace";

function Wordmark({ outlet }: { outlet: MediaOutlet }) {
  switch (outlet) {
    case "daily-mind":
      return (
        <>
          <text x="90" y="27" textAnchor="middle" fontFamily={SERIF} fontSize="22" fontWeight="700" letterSpacing="-0.3">
            <tspan fontStyle="italic" fontWeight="400">
              The{" "}
            </tspan>
            Daily Mind
          </text>
          <rect x="62" y="33" width="56" height="1.5" rx="0.75" />
        </>
      );
    case "wellness-weekly":
      return (
        <>
          <path d="M6 32C2 22 7 11 20 8C23 20 17 30 6 32Z" />
          <text x="30" y="20" fontFamily={SANS} fontSize="15" fontWeight="800" letterSpacing="1.6">
            WELLNESS
          </text>
          <text x="31" y="33" fontFamily={SANS} fontSize="8.5" fontWeight="500" letterSpacing="5.4">
            WEEKLY
          </text>
        </>
      );
    case "the-calm-post":
      return (
        <>
          <rect x="10" y="4" width="160" height="1.2" />
          <rect x="10" y="34.8" width="160" height="1.2" />
          <text
            x="90"
            y="26"
            textAnchor="middle"
            fontFamily={SERIF}
            fontSize="16"
            fontWeight="400"
            letterSpacing="2.6"
            textLength="150"
            lengthAdjust="spacingAndGlyphs"
          >
            THE CALM POST
          </text>
        </>
      );
    case "modern-health":
      return (
        <>
          <path
            fillRule="evenodd"
            d="M10 6H24A6 6 0 0 1 30 12V28A6 6 0 0 1 24 34H10A6 6 0 0 1 4 28V12A6 6 0 0 1 10 6ZM15 12.5V17.5H10V22.5H15V27.5H19V22.5H24V17.5H19V12.5Z"
          />
          <text x="38" y="21" fontFamily={SANS} fontSize="17" fontWeight="700" letterSpacing="-0.4">
            modern health
          </text>
          <text x="38.5" y="33" fontFamily={SANS} fontSize="7.5" fontWeight="600" letterSpacing="4">
            REVIEW
          </text>
        </>
      );
    case "sleep-journal":
      return (
        <>
          <path d="M24.5 25.5A11 11 0 1 1 14.5 9.5A8.5 8.5 0 0 0 24.5 25.5Z" />
          <circle cx="25" cy="9" r="1.6" />
          <text x="34" y="26.5" fontFamily={SANS} fontSize="20" letterSpacing="-0.2">
            <tspan fontWeight="700">sleep</tspan>
            <tspan fontWeight="300">journal</tspan>
          </text>
        </>
      );
    case "mindful-times":
      return (
        <>
          <circle cx="15" cy="20" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="15" cy="20" r="4" />
          <text x="32" y="25" fontFamily={MONO} fontSize="14" fontWeight="700" letterSpacing="0.8">
            MINDFUL TIMES
          </text>
        </>
      );
  }
}

export function MediaLogo({ outlet, className }: MediaLogoProps) {
  return (
    <svg
      viewBox="0 0 180 40"
      className={className}
      role="img"
      aria-label={MEDIA_OUTLET_NAMES[outlet]}
      fill="currentColor"
      xmlns="http://www.w3.org/2000/svg"
    >
      <Wordmark outlet={outlet} />
    </svg>
  );
}
