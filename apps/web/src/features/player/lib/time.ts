/** Skip buttons move this many seconds back or ahead (spec 001 section 9). */
export const SKIP_SECONDS = 10;

/** A position in seconds as m:ss, or h:mm:ss from an hour; anything not a finite number is 0:00. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** The time left, shown with a minus sign: -4:05. */
export function formatRemaining(position: number, duration: number): string {
  const left =
    Number.isFinite(duration) && duration > 0 ? Math.max(0, Math.ceil(duration - (Number.isFinite(position) ? position : 0))) : 0;
  return `-${formatClock(left)}`;
}

/** Spoken form for a slider's aria-valuetext: "1 minute 5 seconds". */
export function spokenClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const part = (value: number, unit: string) => `${value} ${unit}${value === 1 ? "" : "s"}`;
  const parts = [
    hours > 0 && part(hours, "hour"),
    minutes > 0 && part(minutes, "minute"),
    (secs > 0 || total === 0) && part(secs, "second"),
  ];
  return parts.filter(Boolean).join(" ");
}

/** Where a skip lands: never before the start nor past the end. */
export function skipTarget(position: number, delta: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(end, Math.max(0, (Number.isFinite(position) ? position : 0) + delta));
}

/** Minutes as the catalogue shows them: "12 min". */
export function formatMinutes(minutes: number | null | undefined): string | null {
  return minutes == null || minutes <= 0 ? null : `${minutes} min`;
}

/** Lesson counts as sessions: "1 session", "8 sessions". */
export function formatSessions(count: number | null | undefined): string | null {
  return count == null || count <= 0 ? null : `${count} session${count === 1 ? "" : "s"}`;
}
