import type { ReactNode } from "react";
import type { SettingsIconName } from "../settings-links";

const GLYPHS: Record<SettingsIconName, ReactNode> = {
  subscription: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
      <path d="M3 10H21M7 15H10" />
    </>
  ),
  account: (
    <>
      <circle cx="12" cy="8.5" r="3.8" />
      <path d="M4.5 20C5.6 16.4 8.5 14.5 12 14.5S18.4 16.4 19.5 20" />
    </>
  ),
  password: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
      <path d="M8 10.5V7.5A4 4 0 0 1 16 7.5V10.5M12 14.5V16.5" />
    </>
  ),
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.6 9.4A2.5 2.5 0 0 1 14.5 10C14.5 11.8 12 12 12 13.8M12 17H12.01" />
    </>
  ),
  appearance: (
    <>
      <path d="M12 3.5A8.5 8.5 0 1 0 12 20.5C13.4 20.5 14 19.6 14 18.6C14 17.2 12.9 16.7 12.9 15.5C12.9 14.4 13.8 13.6 15 13.6H17C19 13.6 20.5 12.1 20.5 10.1C20.5 6.4 16.7 3.5 12 3.5Z" />
      <circle cx="7.8" cy="11" r="1.1" />
      <circle cx="10.5" cy="7.3" r="1.1" />
      <circle cx="15" cy="7.6" r="1.1" />
    </>
  ),
  terms: (
    <>
      <path d="M6.5 3.5H14L18.5 8V20.5H6.5Z" />
      <path d="M14 3.5V8H18.5M9.5 12.5H15.5M9.5 16H15.5" />
    </>
  ),
  privacy: (
    <>
      <path d="M12 3L19 6V11.5C19 15.8 16 19.4 12 21C8 19.4 5 15.8 5 11.5V6Z" />
      <path d="M9.2 12.2L11.2 14.2L15 10.2" />
    </>
  ),
};

export function SettingsIcon({ name, className }: { name: SettingsIconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {GLYPHS[name]}
    </svg>
  );
}
