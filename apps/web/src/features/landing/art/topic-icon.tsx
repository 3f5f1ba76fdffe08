import type { ReactNode } from "react";

export type TopicKey =
  | "stress"
  | "anxiety"
  | "sleep"
  | "overthinking"
  | "panic"
  | "self-esteem"
  | "focus"
  | "mood"
  | "breakup"
  | "procrastination"
  | "anger"
  | "loneliness";

export interface TopicIconProps {
  topic: TopicKey;
  className?: string;
}

const ACCENT = 0.15;
const HEART = "M24 40C14 34 7 27 7 18.5A8.5 8.5 0 0 1 24 14A8.5 8.5 0 0 1 41 18.5C41 27 34 34 24 40Z";

const ICONS: Record<TopicKey, ReactNode> = {
  stress: (
    <>
      <path d="M14 28H34A7 7 0 0 0 34 14A10 10 0 0 0 15 16A6 6 0 0 0 14 28Z" fill="currentColor" fillOpacity={ACCENT} />
      <path d="M26 30L20.5 37.5H27.5L22 44.5" />
    </>
  ),
  anxiety: (
    <>
      <g transform="translate(-2 -3)">
        <circle cx="24" cy="24" r="7" fill="currentColor" fillOpacity={ACCENT} stroke="none" />
        <path d="M24 24A3 3 0 0 1 27 27A6 6 0 0 1 21 33A9 9 0 0 1 12 24A12 12 0 0 1 24 12A15 15 0 0 1 39 27A18 18 0 0 1 30 42" />
      </g>
    </>
  ),
  sleep: (
    <>
      <path d="M39.8 25A16.2 16.2 0 1 1 22.2 7.4A12.6 12.6 0 0 0 39.8 25Z" fill="currentColor" fillOpacity={ACCENT} />
      <path d="M35 6V12M32 9H38" />
      <circle cx="41" cy="16" r="1" fill="currentColor" stroke="none" />
    </>
  ),
  overthinking: (
    <>
      <rect x="8" y="7" width="32" height="22" rx="11" fill="currentColor" fillOpacity={ACCENT} />
      <circle cx="13" cy="36" r="3" />
      <circle cx="7.5" cy="42" r="1.5" fill="currentColor" stroke="none" />
      <g fill="currentColor" stroke="none">
        <circle cx="17" cy="18" r="2" />
        <circle cx="24" cy="18" r="2" />
        <circle cx="31" cy="18" r="2" />
      </g>
    </>
  ),
  panic: (
    <>
      <path d={HEART} fill="currentColor" fillOpacity={ACCENT} />
      <path d="M4 25H14L17 19L22 31L26 22L28 25H44" />
    </>
  ),
  "self-esteem": (
    <>
      <path
        d="M24 8.5L28.5 19.4L40.2 20.2L31.2 27.8L34 39.3L24 33.1L14 39.3L16.8 27.8L7.8 20.2L19.5 19.4Z"
        fill="currentColor"
        fillOpacity={ACCENT}
      />
      <path d="M40 6V10M38 8H42" />
    </>
  ),
  focus: (
    <>
      <circle cx="24" cy="24" r="16" fill="currentColor" fillOpacity={ACCENT} />
      <circle cx="24" cy="24" r="8.5" />
      <circle cx="24" cy="24" r="2.5" fill="currentColor" stroke="none" />
      <path d="M24 3V7M24 41V45M3 24H7M41 24H45" />
    </>
  ),
  mood: (
    <>
      <circle cx="24" cy="24" r="17" fill="currentColor" fillOpacity={ACCENT} />
      <path d="M17 28C19 31.5 21.5 33 24 33S29 31.5 31 28" />
      <circle cx="18.5" cy="20" r="2" fill="currentColor" stroke="none" />
      <circle cx="29.5" cy="20" r="2" fill="currentColor" stroke="none" />
    </>
  ),
  breakup: (
    <>
      <path d={HEART} fill="currentColor" fillOpacity={ACCENT} />
      <path d="M24 14L20.5 22L26.5 26L22 33L24 40" />
    </>
  ),
  procrastination: (
    <>
      <path d="M18.5 40C19 36 21.5 33.5 24 33.5S29 36 29.5 40Z" fill="currentColor" fillOpacity={0.35} stroke="none" />
      <path d="M19.5 14H28.5C27 17 24 18.5 24 20C24 18.5 21 17 19.5 14Z" fill="currentColor" fillOpacity={0.35} stroke="none" />
      <path d="M12 6H36M12 42H36" />
      <path d="M16 6V9C16 16 23 19 23 24S16 32 16 39V42M32 6V9C32 16 25 19 25 24S32 32 32 39V42" />
    </>
  ),
  anger: (
    <>
      <path
        d="M24 43C16 43 11 37 11 30C11 22 17 18 19 11C22 15 23 18 23 21C26 18 28 13 27 6C34 11 37 20 37 29C37 37 31 43 24 43Z"
        fill="currentColor"
        fillOpacity={ACCENT}
      />
      <path d="M24 43C20.5 43 18.5 40.5 18.5 37.5C18.5 33.5 22 31.5 23 27.5C26.5 30.5 29.5 33.5 29.5 37.5C29.5 40.5 27.5 43 24 43Z" />
    </>
  ),
  loneliness: (
    <>
      <circle cx="17" cy="16" r="6.5" fill="currentColor" fillOpacity={ACCENT} />
      <path d="M6 41C6 33 10.5 28 17 28S28 33 28 41" fill="currentColor" fillOpacity={ACCENT} />
      <g strokeDasharray="3 4" opacity="0.5">
        <circle cx="34" cy="19" r="5" />
        <path d="M27.5 41C27.5 35 30.5 30.5 34 30.5S42 34 42 41" />
      </g>
    </>
  ),
};

export function TopicIcon({ topic, className }: TopicIconProps) {
  return (
    <svg
      viewBox="0 0 48 48"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      xmlns="http://www.w3.org/2000/svg"
    >
      {ICONS[topic]}
    </svg>
  );
}
