import { DAY_MS } from "./time";

/**
 * The member's day in the personal plan: 1 on the day they joined (UTC calendar days), then one
 * more each day; after the last day the plan starts over at day 1.
 */
export function planDay(memberSince: Date, now: Date, totalDays: number): number {
  if (totalDays < 1) return 1;
  const start = Date.UTC(memberSince.getUTCFullYear(), memberSince.getUTCMonth(), memberSince.getUTCDate());
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const elapsed = Math.max(0, Math.floor((today - start) / DAY_MS));
  return (elapsed % totalDays) + 1;
}
