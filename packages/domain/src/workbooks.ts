/**
 * The rules of a workbook entry (spec 001 sections 3 and 4; decision 035): which answers an entry may hold, how
 * each kind of question is answered, and how an answer reads back to a person. Which questions are asked is
 * `askedQuestions` (workbook-flow.ts); these rules check the answers against exactly those questions.
 *
 * A workbook's own shape is checked here too (`workbookDefinitionProblems`): the API refuses to start with a
 * workbook whose groups, options or limits do not fit, so a member never meets a question they cannot answer.
 */
import { askedQuestions, isGoalsWorkbook, type FlowAnswer } from "./workbook-flow.ts";

/** The field kinds of spec 001 section 3, plus `instruction`: a step that is read, never answered. */
export const WORKBOOK_KINDS = ["multi_select", "multi_text", "text", "select", "range", "instruction"] as const;
export type WorkbookKind = (typeof WORKBOOK_KINDS)[number];

/** A multi text answer holds at most this many items (blank items are dropped first). */
export const WORKBOOK_MULTI_TEXT_ITEMS = 10;
/** The longest `max_length` a workbook may give a text question. */
export const WORKBOOK_TEXT_LIMIT = 2000;

export interface RuleOption {
  value: string;
  label: string;
}

export interface RuleQuestion {
  id: string;
  group: string;
  kind: WorkbookKind;
  text: string;
  answer: {
    multiple_answer: boolean;
    required: boolean;
    options: readonly RuleOption[] | null;
    range: { min: number; max: number; min_label: string; max_label: string } | null;
    max_length: number | null;
  };
}

export interface RuleWorkbook {
  id: number;
  name: string;
  aliases: readonly string[];
  group_question: number | null;
  questions: readonly RuleQuestion[];
}

export type EntryAnswer = string | number | string[];

/** What is wrong with an entry's answers, by question id (the API reports them as `answers.<question id>`). */
export type EntryProblems = Record<string, string[]>;

export const ENTRY_MESSAGES = {
  required: "This question needs an answer.",
  unknown: "This is not a question of this workbook.",
  notAsked: "This question was not asked: its group was not chosen.",
  instruction: "This step is only read; it takes no answer.",
  text: "The answer must be text.",
  textList: "The answer must be a list of texts.",
  tooLong: (max: number) => `The answer must not be longer than ${max} characters.`,
  itemTooLong: (max: number) => `Each item must not be longer than ${max} characters.`,
  tooManyItems: (max: number) => `The answer may hold at most ${max} items.`,
  option: "The answer must be one of the question's options.",
  optionList: "The answer must be a list of the question's options.",
  notAnOption: (value: string) => `"${value}" is not one of the question's options.`,
  repeatedOption: "The same option is chosen twice.",
  oneOption: "Choose only one option.",
  number: "The answer must be a whole number.",
  outOfRange: (min: number, max: number) => `The answer must be between ${min} and ${max}.`,
} as const;

const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/**
 * The answer as it is kept: text trimmed, blank text and blank items of a list dropped. Undefined when nothing is
 * left (an empty list, blank text), which counts as not answered. Values of the wrong type are returned as given,
 * for `answerProblems` to name.
 */
export function cleanAnswer(question: RuleQuestion, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  switch (question.kind) {
    case "text":
      if (typeof value !== "string") return value;
      return value.trim() === "" ? undefined : value.trim();
    case "multi_text": {
      if (!isTextList(value)) return value;
      const items = value.map((item) => item.trim()).filter((item) => item !== "");
      return items.length === 0 ? undefined : items;
    }
    case "multi_select":
      return Array.isArray(value) && value.length === 0 ? undefined : value;
    case "select":
      return value === "" ? undefined : value;
    default:
      return value;
  }
}

/** The problems with one answer given to a question (after `cleanAnswer`); empty when it fits. */
export function answerProblems(question: RuleQuestion, value: unknown): string[] {
  const { answer } = question;
  if (value === undefined) return answer.required && question.kind !== "instruction" ? [ENTRY_MESSAGES.required] : [];
  const values = new Set((answer.options ?? []).map((option) => option.value));
  switch (question.kind) {
    case "instruction":
      return [ENTRY_MESSAGES.instruction];
    case "text": {
      if (typeof value !== "string") return [ENTRY_MESSAGES.text];
      const max = answer.max_length ?? WORKBOOK_TEXT_LIMIT;
      return [...value].length > max ? [ENTRY_MESSAGES.tooLong(max)] : [];
    }
    case "multi_text": {
      if (!isTextList(value)) return [ENTRY_MESSAGES.textList];
      const max = answer.max_length ?? WORKBOOK_TEXT_LIMIT;
      const problems: string[] = [];
      if (value.length > WORKBOOK_MULTI_TEXT_ITEMS) problems.push(ENTRY_MESSAGES.tooManyItems(WORKBOOK_MULTI_TEXT_ITEMS));
      if (value.some((item) => [...item].length > max)) problems.push(ENTRY_MESSAGES.itemTooLong(max));
      return problems;
    }
    case "select":
      if (Array.isArray(value)) return [ENTRY_MESSAGES.oneOption];
      if (typeof value !== "string") return [ENTRY_MESSAGES.option];
      return values.has(value) ? [] : [ENTRY_MESSAGES.notAnOption(value)];
    case "multi_select": {
      if (!isTextList(value)) return [ENTRY_MESSAGES.optionList];
      const problems = value.filter((item) => !values.has(item)).map((item) => ENTRY_MESSAGES.notAnOption(item));
      if (new Set(value).size !== value.length) problems.push(ENTRY_MESSAGES.repeatedOption);
      return problems;
    }
    case "range": {
      const range = answer.range!;
      if (typeof value !== "number" || !Number.isInteger(value)) return [ENTRY_MESSAGES.number];
      return value < range.min || value > range.max ? [ENTRY_MESSAGES.outOfRange(range.min, range.max)] : [];
    }
  }
}

/**
 * Checks an entry against the workbook: the questions asked (the groups the member chose, `askedQuestions`) must
 * each fit (required ones answered, options among the options, ranges whole numbers within bounds, text not too
 * long, at most `WORKBOOK_MULTI_TEXT_ITEMS` items), an instruction takes no value, and an answer to a question
 * the workbook does not have, or did not ask, is refused. Returns the problems by question id; empty when the
 * entry fits. Blank text counts as not answered.
 */
export function entryProblems(workbook: RuleWorkbook, answers: Readonly<Record<string, unknown>>): EntryProblems {
  // A Map, so an id named like an Object property ("__proto__", "constructor") is reported like any other.
  const problems = new Map<string, string[]>();
  const known = new Set(workbook.questions.map((question) => question.id));
  const cleaned = cleanAnswers(workbook, answers);
  const asked = askedQuestions(workbook, groupAnswers(workbook, cleaned));
  const askedIds = new Set(asked.map((question) => question.id));
  for (const question of asked) {
    const found = answerProblems(question, cleaned[question.id]);
    if (found.length > 0) problems.set(question.id, found);
  }
  for (const id of Object.keys(answers)) {
    if (!known.has(id)) problems.set(id, [ENTRY_MESSAGES.unknown]);
    else if (!askedIds.has(id) && cleaned[id] !== undefined) problems.set(id, [ENTRY_MESSAGES.notAsked]);
  }
  return Object.fromEntries(problems);
}

/** Every answer cleaned (`cleanAnswer`), unknown ids left out, unanswered ones dropped. */
function cleanAnswers(workbook: RuleWorkbook, answers: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const cleaned: Record<string, unknown> = {};
  for (const question of workbook.questions) {
    if (!Object.hasOwn(answers, question.id)) continue;
    const value = cleanAnswer(question, answers[question.id]);
    if (value !== undefined) cleaned[question.id] = value;
  }
  return cleaned;
}

/** Only answers that can choose groups (text or lists of text), so a malformed one never breaks the flow rules. */
function groupAnswers(workbook: RuleWorkbook, cleaned: Record<string, unknown>): Record<string, FlowAnswer | undefined> {
  const index = workbook.group_question;
  const question = index === null ? undefined : workbook.questions[index];
  if (!question) return {};
  const value = cleaned[question.id];
  return typeof value === "string" || isTextList(value) ? { [question.id]: value } : {};
}

/**
 * The answers an entry keeps, in question order: those of the questions asked, cleaned (text trimmed, blanks
 * dropped). Call it once `entryProblems` found nothing.
 */
export function entryAnswers(workbook: RuleWorkbook, answers: Readonly<Record<string, unknown>>): Record<string, EntryAnswer> {
  const cleaned = cleanAnswers(workbook, answers);
  const kept: Record<string, EntryAnswer> = {};
  for (const question of askedQuestions(workbook, groupAnswers(workbook, cleaned))) {
    const value = cleaned[question.id];
    if (value !== undefined && question.kind !== "instruction") kept[question.id] = value as EntryAnswer;
  }
  return kept;
}

/**
 * An answer as a person reads it: an option's label (labels joined with ", " for several), a range as
 * "70 of 100", text as written, several texts joined with "; ". A value the question no longer offers (content
 * changed since) reads as it was stored.
 */
export function displayAnswer(question: RuleQuestion, value: EntryAnswer): string {
  const label = (choice: string) => question.answer.options?.find((option) => option.value === choice)?.label ?? choice;
  switch (question.kind) {
    case "range":
      return question.answer.range ? `${String(value)} of ${question.answer.range.max}` : String(value);
    case "select":
    case "multi_select":
      return (Array.isArray(value) ? value : [String(value)]).map(label).join(", ");
    case "multi_text":
      return Array.isArray(value) ? value.join("; ") : String(value);
    default:
      return Array.isArray(value) ? value.join("; ") : String(value);
  }
}

const fold = (value: string) => value.trim().toLocaleLowerCase("en");

/** The text of the Exposure Hierarchy's first item (spec 001 section 3, verbatim). */
export const EXPOSURE_INSTRUCTION_ID = "0000";
export const EXPOSURE_INSTRUCTION = "Rate the level of distress that you predict the following specified activities could provoke.";

/**
 * What is wrong with one workbook as content: repeated question ids, kinds whose answer settings do not fit
 * (options for choices, a range for ranges, a length for text, nothing for an instruction), and groups: the group
 * question must be a choice whose option values are exactly the groups of the questions after it (the first
 * question's own group also stays, for Goals). Empty when it fits.
 */
export function workbookDefinitionProblems(workbook: RuleWorkbook): string[] {
  const problems: string[] = [];
  const where = (question: RuleQuestion) => `Workbook "${workbook.name}", question ${question.id}`;
  const ids = new Set<string>();
  for (const question of workbook.questions) {
    if (ids.has(question.id)) problems.push(`${where(question)}: the id is used twice.`);
    ids.add(question.id);
    const { answer, kind } = question;
    const choice = kind === "select" || kind === "multi_select";
    const text = kind === "text" || kind === "multi_text";
    if (answer.multiple_answer !== (kind === "multi_select" || kind === "multi_text"))
      problems.push(`${where(question)}: multiple_answer does not fit the kind ${kind}.`);
    if (choice !== (answer.options !== null)) problems.push(`${where(question)}: options are for select and multi_select only.`);
    if (answer.options) {
      if (answer.options.length < 2) problems.push(`${where(question)}: a choice needs at least two options.`);
      if (new Set(answer.options.map((option) => option.value)).size !== answer.options.length)
        problems.push(`${where(question)}: an option value is used twice.`);
    }
    if ((kind === "range") !== (answer.range !== null)) problems.push(`${where(question)}: a range is for range questions only.`);
    if (answer.range && !(Number.isInteger(answer.range.min) && Number.isInteger(answer.range.max) && answer.range.min < answer.range.max))
      problems.push(`${where(question)}: the range must run from a smaller to a larger whole number.`);
    if (text !== (answer.max_length !== null)) problems.push(`${where(question)}: max_length is for text questions only.`);
    if (answer.max_length !== null && (answer.max_length < 1 || answer.max_length > WORKBOOK_TEXT_LIMIT))
      problems.push(`${where(question)}: max_length must be from 1 to ${WORKBOOK_TEXT_LIMIT}.`);
    if (kind === "instruction" && answer.required) problems.push(`${where(question)}: an instruction cannot be required.`);
  }
  const index = workbook.group_question;
  if (index !== null) {
    const question = workbook.questions[index];
    if (!question) return [...problems, `Workbook "${workbook.name}": group_question ${index} is not a question.`];
    if (!question.answer.options) return [...problems, `${where(question)}: the group question must be a choice.`];
    const later = new Set(workbook.questions.slice(index + 1).map((q) => fold(q.group)));
    const options = new Set(question.answer.options.map((option) => fold(option.value)));
    const kept = isGoalsWorkbook(workbook) && workbook.questions[0] ? fold(workbook.questions[0].group) : null;
    for (const option of options)
      if (!later.has(option)) problems.push(`${where(question)}: the option "${option}" is not the group of a later question.`);
    for (const group of later)
      if (!options.has(group) && group !== kept)
        problems.push(`Workbook "${workbook.name}": the group "${group}" after the group question is not one of its options.`);
  }
  return problems;
}
