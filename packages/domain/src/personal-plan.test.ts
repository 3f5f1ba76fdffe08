import { describe, expect, it } from "vitest";
import { goalFirst, planForGoal } from "./personal-plan.ts";

const plan = new Map([
  [1, [10, 11]],
  [2, [12, 13]],
  [3, [14, 20]],
]);
const items = [
  { id: 10, goal: "REDUCE_STRESS" },
  { id: 11, goal: "SLEEP_BETTER" },
  { id: 20, goal: "SLEEP_BETTER" },
  { id: 21, goal: "SLEEP_BETTER" },
  { id: 12, goal: null },
];

describe("planForGoal", () => {
  it("starts each day with the goal's sessions in turn, the shared steps after", () => {
    expect([...planForGoal(plan, items, "SLEEP_BETTER")]).toEqual([
      [1, [11, 10]],
      [2, [20, 12, 13]],
      [3, [21, 14, 20]],
    ]);
  });

  it("starts over when the goal has fewer sessions than the plan has days", () => {
    expect([...planForGoal(plan, items, "REDUCE_STRESS")]).toEqual([
      [1, [10, 11]],
      [2, [10, 12, 13]],
      [3, [10, 14, 20]],
    ]);
  });

  it("keeps the shared plan without a goal or for a goal nothing serves", () => {
    for (const goal of [null, undefined, "", "INCREASE_ENERGY"]) expect([...planForGoal(plan, items, goal)]).toEqual([...plan]);
  });

  it("orders the days by number whatever order they came in", () => {
    const shuffled = new Map([...plan].reverse());
    expect([...planForGoal(shuffled, items, null).keys()]).toEqual([1, 2, 3]);
  });
});

describe("goalFirst", () => {
  it("puts the goal's items first and keeps each group's order", () => {
    expect(goalFirst(items, "SLEEP_BETTER").map((item) => item.id)).toEqual([11, 20, 21, 10, 12]);
  });

  it("changes nothing without a goal", () => {
    expect(goalFirst(items, null)).toEqual(items);
  });
});
