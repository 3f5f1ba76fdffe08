import { readFileSync } from "node:fs";
import { QUIZ_GOALS } from "@serene/domain";
import { describe, expect, it } from "vitest";
import { QuizDefinitions } from "./quiz.ts";

const shipped = QuizDefinitions.parse(JSON.parse(readFileSync(new URL("../../../content/demo/quizzes.json", import.meta.url), "utf8")));

describe("the shipped quizzes (content/demo/quizzes.json)", () => {
  it("parse, with unique ids and slugs, one default onboarding quiz and the custom types", () => {
    expect(new Set(shipped.map((quiz) => quiz.id)).size).toBe(shipped.length);
    expect(new Set(shipped.map((quiz) => quiz.slug)).size).toBe(shipped.length);
    expect(shipped.filter((quiz) => quiz.default).map((quiz) => quiz.type)).toEqual(["onboarding"]);
    for (const type of ["Lead Quiz", "Direct Sales", "single"]) expect(shipped.some((quiz) => quiz.type === type)).toBe(true);
    expect(shipped.find((quiz) => quiz.type === "single")!.steps).toHaveLength(1);
  });

  it("have unique field keys per quiz and unique option keys per field; choices have options, sliders default 50", () => {
    for (const quiz of shipped) {
      const keys = quiz.steps.map((step) => step.field.key);
      expect(new Set(keys).size, quiz.slug).toBe(keys.length);
      for (const { field } of quiz.steps) {
        const options = (field.options ?? []).map((option) => option.key);
        expect(new Set(options).size, `${quiz.slug}.${field.key}`).toBe(options.length);
        if (field.kind === "select" || field.kind === "multi select") expect(options.length, field.key).toBeGreaterThan(0);
        if (field.kind === "range") expect(field.default).toBe(50);
      }
    }
  });

  it("use the spec's goal keys and labels, and custom quizzes carry result bands", () => {
    const onboarding = shipped.find((quiz) => quiz.type === "onboarding")!;
    const goal = onboarding.steps.find((step) => step.field.key === "goal")!.field;
    expect(Object.fromEntries(goal.options!.map((option) => [option.key, option.label]))).toEqual(QUIZ_GOALS);
    expect(onboarding.goals.map((copy) => copy.goal).sort()).toEqual(Object.keys(QUIZ_GOALS).sort());
    const age = onboarding.steps.find((step) => step.field.key === "age")!.field;
    expect(age.options!.map((option) => `${option.key} (${option.label})`)).toEqual([
      "20s (18-29)",
      "30s (30-39)",
      "40s (40-49)",
      "50+ (50+)",
    ]);
    for (const quiz of shipped.filter((quiz) => quiz.type !== "onboarding"))
      expect(quiz.result?.bands.length, quiz.slug).toBeGreaterThan(0);
  });
});
