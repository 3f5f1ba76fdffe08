import { describe, expect, it } from "vitest";
import { askedQuestions, isGoalsWorkbook, notCompletedYet, selectedGroups, workbookGate, workbookProgress } from "./workbook-flow.ts";

const q = (id: string, group: string) => ({ id, group });

describe("workbookGate", () => {
  it("opens workbooks that wait for nothing", () => {
    expect(workbookGate("Thought Record", [])).toBeNull();
    expect(workbookGate("General Issues", [])).toBeNull();
  });
  it("keeps Thought Record Review and Thought Chain Effect closed until Thought Record is completed", () => {
    expect(workbookGate("Thought Record Review", [])).toBe('Workbook "Thought Record" not completed yet');
    expect(workbookGate("Thought Chain Effect", ["General Issues"])).toBe(notCompletedYet("Thought Record"));
    expect(workbookGate("Thought Record Review", ["Thought Record"])).toBeNull();
    expect(workbookGate("Thought Chain Effect", ["Thought Record"])).toBeNull();
  });
  it("keeps Bad Thoughts Destroyer closed until Thought Chain Effect is completed", () => {
    expect(workbookGate("Bad Thoughts Destroyer", ["Thought Record"])).toBe('Workbook "Thought Chain Effect" not completed yet');
    expect(workbookGate("Bad Thoughts Destroyer", ["Thought Record", "Thought Chain Effect"])).toBeNull();
  });
});

describe("askedQuestions", () => {
  const moods = {
    name: "Monitoring Moods",
    aliases: [],
    group_question: 1,
    questions: [q("q1", "Intro"), q("q2", "Intro"), q("q3", "Anxiety"), q("q4", "low mood"), q("q5", "Anger")],
  };
  it("asks every question before the groups are chosen", () => {
    expect(askedQuestions(moods, {}).map((x) => x.id)).toEqual(["q1", "q2", "q3", "q4", "q5"]);
    expect(selectedGroups(moods, { q1: "x" })).toBeNull();
  });
  it("keeps the questions up to the group question and those of the chosen groups, case-insensitively", () => {
    expect(askedQuestions(moods, { q2: ["anxiety", "Low Mood"] }).map((x) => x.id)).toEqual(["q1", "q2", "q3", "q4"]);
    expect(askedQuestions(moods, { q2: "ANGER" }).map((x) => x.id)).toEqual(["q1", "q2", "q5"]);
    expect(askedQuestions(moods, { q2: [] }).map((x) => x.id)).toEqual(["q1", "q2"]);
  });
  it("asks everything in a workbook without a group question", () => {
    const plain = { ...moods, group_question: null };
    expect(askedQuestions(plain, { q2: ["Anger"] })).toHaveLength(5);
  });
  it("always keeps the first question's group for Goals", () => {
    const goals = {
      name: "Setting Goals",
      aliases: ["Goals"],
      group_question: 0,
      questions: [q("g1", "Goals"), q("g2", "Health"), q("g3", "Work"), q("g4", "goals")],
    };
    expect(isGoalsWorkbook(goals)).toBe(true);
    expect(askedQuestions(goals, { g1: ["Work"] }).map((x) => x.id)).toEqual(["g1", "g3", "g4"]);
    const general = { ...goals, name: "General Issues", aliases: [] };
    expect(isGoalsWorkbook(general)).toBe(false);
    expect(askedQuestions(general, { g1: ["Work"] }).map((x) => x.id)).toEqual(["g1", "g3"]);
  });
});

describe("workbookProgress", () => {
  it("is (index + 1) / number of questions", () => {
    expect(workbookProgress(0, 4)).toBe(0.25);
    expect(workbookProgress(3, 4)).toBe(1);
    expect(workbookProgress(9, 4)).toBe(1);
    expect(workbookProgress(0, 0)).toBe(0);
  });
});
