import type { ReactNode } from "react";

export type SocialNetwork = "instagram" | "facebook" | "youtube" | "tiktok" | "x";

export interface SocialIconProps {
  network: SocialNetwork;
  className?: string;
}

const GLYPHS: Record<SocialNetwork, ReactNode> = {
  instagram: (
    <>
      <path
        fillRule="evenodd"
        d="M8 2H16A6 6 0 0 1 22 8V16A6 6 0 0 1 16 22H8A6 6 0 0 1 2 16V8A6 6 0 0 1 8 2ZM8.2 4A4.2 4.2 0 0 0 4 8.2V15.8A4.2 4.2 0 0 0 8.2 20H15.8A4.2 4.2 0 0 0 20 15.8V8.2A4.2 4.2 0 0 0 15.8 4Z"
      />
      <path fillRule="evenodd" d="M12 7A5 5 0 1 1 12 17A5 5 0 1 1 12 7ZM12 9A3 3 0 1 0 12 15A3 3 0 1 0 12 9Z" />
      <circle cx="17.3" cy="6.7" r="1.3" />
    </>
  ),
  facebook: (
    <path d="M13.5 22V13.8H16.3L16.7 10.6H13.5V8.6C13.5 7.7 13.8 7 15.1 7H16.8V4.2C16.5 4.1 15.5 4 14.4 4C11.9 4 10.2 5.5 10.2 8.3V10.6H7.4V13.8H10.2V22Z" />
  ),
  youtube: (
    <path
      fillRule="evenodd"
      d="M7 4.8H17C19.8 4.8 22 7 22 9.8V14.2C22 17 19.8 19.2 17 19.2H7C4.2 19.2 2 17 2 14.2V9.8C2 7 4.2 4.8 7 4.8ZM10 8.8V15.2L15.6 12Z"
    />
  ),
  tiktok: (
    <path d="M16.2 2C16.6 4.6 18.2 6.3 20.8 6.6V9.8C19.2 9.8 17.7 9.3 16.3 8.4V15.3C16.3 18.9 13.6 21.6 10.1 21.6C6.6 21.6 4 19 4 15.6C4 12 7 9.3 10.7 9.7V13C10.4 12.9 10.2 12.9 9.9 12.9C8.4 12.9 7.3 14 7.3 15.5C7.3 17 8.5 18.2 10 18.2C11.6 18.2 12.9 17 12.9 15.3V2Z" />
  ),
  x: (
    <path
      fillRule="evenodd"
      d="M2.5 3H8.8L13.3 9.1L18.6 3H21.1L14.5 10.7L21.5 21H15.2L10.4 14.5L4.8 21H2.3L9.3 13ZM6 4.5L16.1 19.5H18L7.9 4.5Z"
    />
  ),
};

export function SocialIcon({ network, className }: SocialIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
      xmlns="http://www.w3.org/2000/svg"
    >
      {GLYPHS[network]}
    </svg>
  );
}
