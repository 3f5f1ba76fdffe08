import { describe, expect, it } from "vitest";
import {
  displayAnswer,
  ENTRY_MESSAGES,
  entryAnswers,
  entryProblems,
  WORKBOOK_MULTI_TEXT_ITEMS,
  workbookDefinitionProblems,
  type RuleQuestion,
  type RuleWorkbook,
} from "./workbooks.ts";

const none = { multiple_answer: false, required: false, options: null, range: null, max_length: null };
const options = (...values: string[]) => values.map((value) => ({ value, label: `${value} label` }));
const text = (id: string, group: string, required = false, max = 20): RuleQuestion => ({
  id,
  group,
  kind: "text",
  text: id,
  answer: { ...none, required, max_length: max },
});
const multiText = (id: string, group: string, required = false, max = 10): RuleQuestion => ({
  id,
  group,
  kind: "multi_text",
  text: id,
  answer: { ...none, multiple_answer: true, required, max_length: max },
});
const select = (id: string, group: string, values: string[], required = false): RuleQuestion => ({
  id,
  group,
  kind: "select",
  text: id,
  answer: { ...none, required, options: options(...values) },
});
const multiSelect = (id: string, group: string, values: string[], required = false): RuleQuestion => ({
  id,
  group,
  kind: "multi_select",
  text: id,
  answer: { ...none, multiple_answer: true, required, options: options(...values) },
});
const range = (id: string, group: string, required = false, min = 0, max = 100): RuleQuestion => ({
  id,
  group,
  kind: "range",
  text: id,
  answer: { ...none, required, range: { min, max, min_label: "None", max_label: "Most" } },
});
const instruction: RuleQuestion = { id: "0000", group: "Intro", kind: "instruction", text: "Read this.", answer: none };

/** A workbook whose first question chooses the groups asked afterwards. */
const issues: RuleWorkbook = {
  id: 1,
  name: "General Issues",
  aliases: [],
  group_question: 0,
  questions: [
    multiSelect("areas", "General", ["Sleep", "Work"], true),
    range("sleep_rate", "Sleep", true, 0, 10),
    text("sleep_note", "sleep"),
    multiText("work_list", "Work", true),
    select("work_mood", "Work", ["calm", "busy"]),
  ],
};
const ladder: RuleWorkbook = {
  id: 3,
  name: "Exposure Hierarchy",
  aliases: [],
  group_question: null,
  questions: [instruction, text("step1", "Steps", true), range("step1_distress", "Steps", true)],
};

describe("entryProblems", () => {
  it("accepts answers to exactly the questions asked, groups chosen case-insensitively", () => {
    expect(entryProblems(issues, { areas: ["Sleep"], sleep_rate: 4, sleep_note: "Wake at 4." })).toEqual({});
    expect(entryProblems(issues, { areas: ["Work", "Sleep"], sleep_rate: 0, work_list: ["Deadlines"], work_mood: "busy" })).toEqual({});
  });

  it("asks for required answers of asked questions only; blank text and empty lists are not answers", () => {
    expect(entryProblems(issues, {})).toEqual({
      areas: [ENTRY_MESSAGES.required],
      sleep_rate: [ENTRY_MESSAGES.required],
      work_list: [ENTRY_MESSAGES.required],
    });
    expect(entryProblems(issues, { areas: ["Work"], work_list: ["  ", ""] })).toEqual({ work_list: [ENTRY_MESSAGES.required] });
    expect(entryProblems(issues, { areas: [] })).toEqual(entryProblems(issues, {}));
    expect(entryProblems(ladder, { step1: "   ", step1_distress: 40 })).toEqual({ step1: [ENTRY_MESSAGES.required] });
    // null is "not answered", as the web app sends for a skipped optional question.
    expect(entryProblems(issues, { areas: ["Sleep"], sleep_rate: 3, sleep_note: null })).toEqual({});
  });

  it("refuses an option that is not among the options, a repeated option, and a list for a single choice", () => {
    expect(entryProblems(issues, { areas: ["Sleep", "Dreams"], sleep_rate: 1 })).toEqual({ areas: [ENTRY_MESSAGES.notAnOption("Dreams")] });
    expect(entryProblems(issues, { areas: ["Sleep", "Sleep"], sleep_rate: 1 })).toEqual({ areas: [ENTRY_MESSAGES.repeatedOption] });
    expect(entryProblems(issues, { areas: "Sleep", sleep_rate: 1 })).toEqual({ areas: [ENTRY_MESSAGES.optionList] });
    const base = { areas: ["Work"], work_list: ["x"] };
    expect(entryProblems(issues, { ...base, work_mood: "angry" })).toEqual({ work_mood: [ENTRY_MESSAGES.notAnOption("angry")] });
    expect(entryProblems(issues, { ...base, work_mood: ["calm"] })).toEqual({ work_mood: [ENTRY_MESSAGES.oneOption] });
    expect(entryProblems(issues, { ...base, work_mood: 1 })).toEqual({ work_mood: [ENTRY_MESSAGES.option] });
  });

  it("takes whole numbers within the range, ends included", () => {
    for (const ok of [0, 10, 5]) expect(entryProblems(issues, { areas: ["Sleep"], sleep_rate: ok })).toEqual({});
    for (const [value, message] of [
      [11, ENTRY_MESSAGES.outOfRange(0, 10)],
      [-1, ENTRY_MESSAGES.outOfRange(0, 10)],
      [2.5, ENTRY_MESSAGES.number],
      ["7", ENTRY_MESSAGES.number],
      [["7"], ENTRY_MESSAGES.number],
    ] as const)
      expect(entryProblems(issues, { areas: ["Sleep"], sleep_rate: value })).toEqual({ sleep_rate: [message] });
  });

  it("limits text length (in characters, not bytes) and the items of a multi text answer", () => {
    const sleep = { areas: ["Sleep"], sleep_rate: 1 };
    expect(entryProblems(issues, { ...sleep, sleep_note: "x".repeat(20) })).toEqual({});
    expect(entryProblems(issues, { ...sleep, sleep_note: "🌙".repeat(20) })).toEqual({});
    expect(entryProblems(issues, { ...sleep, sleep_note: "x".repeat(21) })).toEqual({ sleep_note: [ENTRY_MESSAGES.tooLong(20)] });
    expect(entryProblems(issues, { ...sleep, sleep_note: 42 })).toEqual({ sleep_note: [ENTRY_MESSAGES.text] });
    const work = { areas: ["Work"] };
    const many = Array.from({ length: WORKBOOK_MULTI_TEXT_ITEMS + 1 }, (_, n) => `item ${n}`);
    expect(entryProblems(issues, { ...work, work_list: many.slice(1) })).toEqual({});
    expect(entryProblems(issues, { ...work, work_list: many })).toEqual({
      work_list: [ENTRY_MESSAGES.tooManyItems(WORKBOOK_MULTI_TEXT_ITEMS)],
    });
    expect(entryProblems(issues, { ...work, work_list: ["x".repeat(11)] })).toEqual({ work_list: [ENTRY_MESSAGES.itemTooLong(10)] });
    expect(entryProblems(issues, { ...work, work_list: "one" })).toEqual({ work_list: [ENTRY_MESSAGES.textList] });
  });

  it("refuses answers to questions it does not have, and to questions of groups not chosen", () => {
    expect(entryProblems(issues, { areas: ["Sleep"], sleep_rate: 1, q99: "hello" })).toEqual({ q99: [ENTRY_MESSAGES.unknown] });
    expect(entryProblems(issues, { areas: ["Sleep"], sleep_rate: 1, work_mood: "calm" })).toEqual({ work_mood: [ENTRY_MESSAGES.notAsked] });
    const odd = entryProblems(
      issues,
      JSON.parse('{"areas": ["Sleep"], "sleep_rate": 1, "__proto__": "x", "constructor": "y"}') as Record<string, unknown>,
    );
    expect(Object.keys(odd).sort()).toEqual(["__proto__", "constructor"]);
    // An empty answer to a question not asked is not an answer: nothing to refuse.
    expect(entryProblems(issues, { areas: ["Sleep"], sleep_rate: 1, work_list: [] })).toEqual({});
  });

  it("gives an instruction no value", () => {
    expect(entryProblems(ladder, { step1: "Take the bus", step1_distress: 60 })).toEqual({});
    expect(entryProblems(ladder, { "0000": "read", step1: "Take the bus", step1_distress: 60 })).toEqual({
      "0000": [ENTRY_MESSAGES.instruction],
    });
    expect(entryProblems(ladder, { "0000": null, step1: "Take the bus", step1_distress: 60 })).toEqual({});
  });

  it("keeps the Goals workbook's own first group whatever is chosen", () => {
    const goals: RuleWorkbook = {
      id: 2,
      name: "Setting Goals",
      aliases: ["Goals"],
      group_question: 0,
      questions: [multiSelect("areas", "Goals", ["Health", "Work"], true), text("health", "Health", true), text("step", "goals", true)],
    };
    expect(entryProblems(goals, { areas: ["Work"] })).toEqual({ step: [ENTRY_MESSAGES.required] });
    expect(entryProblems(goals, { areas: ["Health"], health: "Walk", step: "Shoes by the door" })).toEqual({});
  });
});

describe("entryAnswers", () => {
  it("keeps the answers of the questions asked, trimmed, blanks dropped, in question order", () => {
    expect(
      entryAnswers(issues, { sleep_note: "  Early  ", areas: ["Sleep"], sleep_rate: 3, work_list: [" a ", " "], "0000": null }),
    ).toEqual({ areas: ["Sleep"], sleep_rate: 3, sleep_note: "Early" });
    expect(Object.keys(entryAnswers(issues, { work_list: [" a ", " "], areas: ["Work"] }))).toEqual(["areas", "work_list"]);
    expect(entryAnswers(issues, { areas: ["Work"], work_list: [" a ", " ", "b"] }).work_list).toEqual(["a", "b"]);
  });
});

describe("displayAnswer", () => {
  it("reads options by their labels, ranges as 'n of max', texts as written", () => {
    expect(displayAnswer(range("r", "g", true, 0, 100), 70)).toBe("70 of 100");
    expect(displayAnswer(range("r", "g", true, 0, 10), 0)).toBe("0 of 10");
    expect(displayAnswer(select("s", "g", ["calm", "busy"]), "busy")).toBe("busy label");
    expect(displayAnswer(multiSelect("m", "g", ["a", "b"]), ["b", "a"])).toBe("b label, a label");
    expect(displayAnswer(multiSelect("m", "g", ["a"]), ["gone"])).toBe("gone");
    expect(displayAnswer(text("t", "g"), "As I wrote it.")).toBe("As I wrote it.");
    expect(displayAnswer(multiText("mt", "g"), ["One", "Two"])).toBe("One; Two");
  });
});

describe("workbookDefinitionProblems", () => {
  it("accepts workbooks whose groups and answers fit", () => {
    expect(workbookDefinitionProblems(issues)).toEqual([]);
    expect(workbookDefinitionProblems(ladder)).toEqual([]);
  });

  it("finds group options without questions, and later groups that no option chooses", () => {
    const extra = { ...issues, questions: [multiSelect("areas", "General", ["Sleep", "Work", "Money"]), ...issues.questions.slice(1)] };
    expect(workbookDefinitionProblems(extra)).toEqual([expect.stringContaining('option "money"')]);
    const orphan = { ...issues, questions: [...issues.questions, text("x", "Hobbies")] };
    expect(workbookDefinitionProblems(orphan)).toEqual([expect.stringContaining('group "hobbies"')]);
    expect(workbookDefinitionProblems({ ...issues, group_question: 1 })).not.toEqual([]);
    expect(workbookDefinitionProblems({ ...issues, group_question: 9 })).not.toEqual([]);
  });

  it("finds answer settings that do not fit the kind, and repeated ids", () => {
    const broken = (question: RuleQuestion) => workbookDefinitionProblems({ ...ladder, questions: [question] });
    expect(broken({ ...text("t", "g"), answer: { ...none, max_length: null } })).not.toEqual([]);
    expect(broken({ ...select("s", "g", ["only"]) })).not.toEqual([]);
    expect(broken({ ...select("s", "g", ["a", "a"]) })).not.toEqual([]);
    expect(broken({ ...range("r", "g"), answer: { ...none, range: { min: 5, max: 5, min_label: "", max_label: "" } } })).not.toEqual([]);
    expect(broken({ ...instruction, answer: { ...none, required: true } })).not.toEqual([]);
    expect(broken({ ...multiText("m", "g"), answer: { ...none, max_length: 10 } })).not.toEqual([]);
    expect(workbookDefinitionProblems({ ...ladder, questions: [text("a", "g"), text("a", "g")] })).toEqual([
      expect.stringContaining("used twice"),
    ]);
  });
});
