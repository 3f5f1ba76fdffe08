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

/** How many days the recommended first week shows. */
export const FIRST_WEEK_DAYS = 7;

/**
 * The recommended first week for a goal, from the personal plan (day number → item ids in order):
 * days 1 to 7 as the plan has them, each day's items serving the goal first (the plan's order kept
 * otherwise); a day with nothing for the goal starts with the next item for the goal not yet in the
 * week (`goalItems`, best first). Without a goal: the plan's first week as it is.
 */
export function firstWeekForGoal(
  plan: ReadonlyMap<number, readonly number[]>,
  goalOf: (id: number) => string | null,
  goal: string | null,
  goalItems: readonly number[] = [],
): { day: number; items: number[] }[] {
  const days = Array.from({ length: FIRST_WEEK_DAYS }, (_, index) => index + 1);
  if (!goal) return days.map((day) => ({ day, items: [...(plan.get(day) ?? [])] }));
  const used = new Set(days.flatMap((day) => plan.get(day) ?? []));
  const spare = goalItems.filter((id) => !used.has(id));
  return days.map((day) => {
    const items = plan.get(day) ?? [];
    const serving = items.filter((id) => goalOf(id) === goal);
    const rest = items.filter((id) => goalOf(id) !== goal);
    const extra = serving.length === 0 && spare.length > 0 ? [spare.shift()!] : [];
    return { day, items: [...extra, ...serving, ...rest] };
  });
}
