/**
 * The sleep timer (decision 043): the member falls asleep and the sound fades out and stops. A pure clock:
 * the engine asks how loud to play and when to stop.
 */

/** The timer's lengths in minutes, and "end": at the end of what plays (a loop plays out its last round). */
export const SLEEP_TIMER_MINUTES = [5, 10, 15, 30, 45, 60] as const;
export type SleepTimerChoice = (typeof SLEEP_TIMER_MINUTES)[number] | "end";
export const SLEEP_TIMER_CHOICES: readonly SleepTimerChoice[] = [...SLEEP_TIMER_MINUTES, "end"];

/** The sound fades over the timer's last 30 seconds. */
export const SLEEP_FADE_SECONDS = 30;

/** "5 minutes", "1 hour", "End of this session". */
export function sleepTimerLabel(choice: SleepTimerChoice): string {
  if (choice === "end") return "End of this session";
  return choice === 60 ? "1 hour" : `${choice} minutes`;
}

/**
 * The share of the member's volume to play `remaining` seconds before the timer ends: all of it until the fade,
 * then down to nothing along a curve that sounds even (the square of the time left in the fade), 0 at the end.
 */
export function fadeFactor(remaining: number, fadeSeconds: number = SLEEP_FADE_SECONDS): number {
  if (!Number.isFinite(remaining) || remaining <= 0) return 0;
  if (remaining >= fadeSeconds) return 1;
  const share = remaining / fadeSeconds;
  return share * share;
}
