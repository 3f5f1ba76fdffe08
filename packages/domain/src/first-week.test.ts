import { describe, expect, it } from "vitest";
import { firstWeekForGoal } from "./personal-plan";
import { goalOfAnswers, isQuizGoal } from "./quiz";

const plan = new Map<number, number[]>([
  [1, [1, 2]],
  [2, [3, 4]],
  [3, [5]],
  [4, [6]],
  [5, [7]],
  [6, [8]],
  [7, [9]],
  [8, [10]],
]);
const goals: Record<number, string> = { 2: "SLEEP_BETTER", 4: "SLEEP_BETTER", 6: "REDUCE_STRESS", 20: "SLEEP_BETTER", 21: "SLEEP_BETTER" };
const goalOf = (id: number) => goals[id] ?? null;

describe("firstWeekForGoal", () => {
  it("answers the plan's first seven days as they are without a goal", () => {
    const week = firstWeekForGoal(plan, goalOf, null);
    expect(week.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(week[0]!.items).toEqual([1, 2]);
    expect(week.flatMap((day) => day.items)).not.toContain(10);
  });

  it("puts the items serving the goal first, and starts a day without one with the next spare goal item", () => {
    const week = firstWeekForGoal(plan, goalOf, "SLEEP_BETTER", [2, 4, 20, 21]);
    expect(week[0]!.items).toEqual([2, 1]);
    expect(week[1]!.items).toEqual([4, 3]);
    expect(week[2]!.items).toEqual([20, 5]);
    expect(week[3]!.items).toEqual([21, 6]);
    // No spare goal items left: the plan's day as it is.
    expect(week[4]!.items).toEqual([7]);
    expect(new Set(week.flatMap((day) => day.items)).size).toBe(week.flatMap((day) => day.items).length);
  });

  it("answers seven days even when the plan is shorter", () => {
    expect(firstWeekForGoal(new Map([[1, [1]]]), goalOf, null).map((day) => day.items)).toEqual([[1], [], [], [], [], [], []]);
  });
});

describe("goalOfAnswers", () => {
  it("reads a goal key and nothing else", () => {
    expect(goalOfAnswers({ goal: "SLEEP_BETTER" })).toBe("SLEEP_BETTER");
    expect(goalOfAnswers({ goal: "WIN_LOTTERY" })).toBeNull();
    expect(goalOfAnswers({ goal: ["SLEEP_BETTER"] })).toBeNull();
    expect(goalOfAnswers({ goal: "toString" })).toBeNull();
    expect(goalOfAnswers(null)).toBeNull();
    expect(isQuizGoal("constructor")).toBe(false);
  });
});
