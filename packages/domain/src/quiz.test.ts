import { describe, expect, it } from "vitest";
import { isCustomQuiz, leadLanding, outcomePercentage, quizScore, resultBand, validateQuizAnswers, type QuizField } from "./quiz.ts";

const FIELDS: QuizField[] = [
  {
    key: "goal",
    kind: "select",
    options: [
      { key: "REDUCE_STRESS", label: "Reduce Anxiety & Panic" },
      { key: "SLEEP_BETTER", label: "Sleep Better" },
    ],
  },
  {
    key: "stress",
    kind: "multi select",
    options: [
      { key: "Overthinking", label: "Overthinking", score: 2 },
      { key: "Work Worries", label: "Work Worries", score: 1 },
    ],
  },
  { key: "tension", kind: "range", default: 50 },
  { key: "note", kind: "text" },
  { key: "wins", kind: "multi text" },
];

describe("validateQuizAnswers", () => {
  it("accepts answers that fit, and skipped questions", () => {
    expect(
      validateQuizAnswers(FIELDS, { goal: "SLEEP_BETTER", stress: ["Overthinking"], tension: 0, note: "ok", wins: ["a", "b"] }),
    ).toEqual([]);
    expect(validateQuizAnswers(FIELDS, { tension: 100 })).toEqual([]);
    expect(validateQuizAnswers(FIELDS, {})).toEqual([]);
  });

  it.each([
    ["an unknown field", { mood_swing: 3 }, "mood_swing"],
    ["a select with an option it does not have", { goal: "WIN_LOTTERY" }, "goal"],
    ["a select given a list", { goal: ["SLEEP_BETTER"] }, "goal"],
    ["a multi select with a foreign option", { stress: ["Overthinking", "Ghosts"] }, "stress"],
    ["a multi select naming an option twice", { stress: ["Overthinking", "Overthinking"] }, "stress"],
    ["a multi select given text", { stress: "Overthinking" }, "stress"],
    ["a slider below 0", { tension: -1 }, "tension"],
    ["a slider above 100", { tension: 101 }, "tension"],
    ["a slider given text", { tension: "50" }, "tension"],
    ["a text given a number", { note: 5 }, "note"],
    ["a text that is too long", { note: "x".repeat(501) }, "note"],
    ["a multi text with a number", { wins: ["a", 1] }, "wins"],
  ])("refuses %s, naming the field", (_name, answers, field) => {
    const problems = validateQuizAnswers(FIELDS, answers);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe(field);
    expect(problems[0]!.message).toContain(`The ${field} field`);
  });
});

describe("quizScore and resultBand", () => {
  const bands = [
    { min: 0, max: 1, title: "low" },
    { min: 2, max: 3, title: "high" },
  ];
  it("adds the scores of chosen options and finds the inclusive band", () => {
    expect(quizScore(FIELDS, { stress: ["Overthinking", "Work Worries"], tension: 90 })).toBe(3);
    expect(resultBand(bands, 0)?.title).toBe("low");
    expect(resultBand(bands, 1)?.title).toBe("low");
    expect(resultBand(bands, 2)?.title).toBe("high");
    expect(resultBand(bands, 4)).toBeNull();
  });
});

describe("outcomePercentage", () => {
  it("shows the first variant per goal and keeps the second", () => {
    expect(outcomePercentage("INCREASE_ENERGY")).toBe(87);
    expect(outcomePercentage("INCREASE_ENERGY", 1)).toBe(90);
    expect(outcomePercentage("SLEEP_BETTER")).toBe(90);
    expect(outcomePercentage("REDUCE_STRESS")).toBe(91);
    expect(outcomePercentage("INCREASE_CONFIDENCE")).toBe(92);
    expect(outcomePercentage("INCREASE_HAPPINESS")).toBe(93);
    expect(outcomePercentage("INCREASE_MOTIVATION")).toBe(88);
    expect(outcomePercentage("NOPE")).toBeNull();
    expect(outcomePercentage(null)).toBeNull();
  });
  it("knows which types are custom", () => {
    expect(isCustomQuiz("Lead Quiz")).toBe(true);
    expect(isCustomQuiz("Direct Sales")).toBe(true);
    expect(isCustomQuiz("onboarding")).toBe(false);
  });
});

describe("leadLanding", () => {
  const band = (min: number, max: number, checkout_id: number) => ({ min, max, title: "t", copy: "c", checkout_id });
  const custom = { slug: "calm-check-in", type: "Lead Quiz", checkout_id: 1, result: { bands: [band(0, 5, 2), band(6, 10, 4)] } };

  it("lands a custom quiz on its own result and the checkout of the score's band", () => {
    expect(leadLanding(custom, 7, 3)).toEqual({ resultPath: "/quiz-dynamic-results/calm-check-in", checkoutId: 4 });
    expect(leadLanding(custom, 2, 3)).toEqual({ resultPath: "/quiz-dynamic-results/calm-check-in", checkoutId: 2 });
  });

  it("falls back to the quiz's own checkout when no band covers the score", () => {
    expect(leadLanding(custom, 40, 3).checkoutId).toBe(1);
  });

  it("lands the onboarding quiz, or no quiz, on the shared result and the default offer", () => {
    expect(leadLanding({ slug: "onboarding", type: "onboarding", checkout_id: 1, result: null }, 3, 3)).toEqual({
      resultPath: "/quiz-results",
      checkoutId: 3,
    });
    expect(leadLanding(null, 0, 3)).toEqual({ resultPath: "/quiz-results", checkoutId: 3 });
  });
});
