import { DAY_MS } from "./time.ts";

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

/** How many days the recommended first week after a quiz shows. */
export const FIRST_WEEK_DAYS = 7;

/** An item the plan may choose for a goal: listed items in catalogue order, with the goal each serves. */
export interface GoalCandidate {
  id: number;
  goal?: string | null;
}

/**
 * The personal plan for a member's goal. Every member shares the same days of steps; a member with
 * a goal (from the quiz) starts each day with one session chosen for that goal: day 1 gets the
 * goal's first item, day 2 its second, and so on, starting over when the goal has fewer items than
 * the plan has days. A step that is already in that day is moved to the front instead of repeated.
 * Without a goal, or for a goal no item serves, the shared plan is returned unchanged.
 */
export function planForGoal(
  plan: ReadonlyMap<number, readonly number[]>,
  candidates: readonly GoalCandidate[],
  goal: string | null | undefined,
): Map<number, number[]> {
  const chosen = goal ? candidates.filter((item) => item.goal === goal).map((item) => item.id) : [];
  const days = [...plan.keys()].sort((a, b) => a - b);
  return new Map(
    days.map((day, index) => {
      const steps = [...(plan.get(day) ?? [])];
      if (chosen.length === 0) return [day, steps];
      const lead = chosen[index % chosen.length]!;
      return [day, [lead, ...steps.filter((id) => id !== lead)]];
    }),
  );
}

/**
 * The home daily slider for a member's goal: the items that serve the goal first, the rest after,
 * each group in its shared order. Without a goal the order is unchanged.
 */
export function goalFirst<T extends GoalCandidate>(items: readonly T[], goal: string | null | undefined): T[] {
  if (!goal) return [...items];
  return [...items.filter((item) => item.goal === goal), ...items.filter((item) => item.goal !== goal)];
}
