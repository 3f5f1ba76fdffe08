import type { WorkbookAnswer, WorkbookEntryBody, WorkbookQuestion } from "@serene/contracts";
import { askedQuestions, type FlowWorkbook } from "@serene/domain";

/** The answers given so far, by question id. */
export type Answers = Record<string, WorkbookAnswer>;

const isTextList = (value: WorkbookAnswer | undefined): value is string[] => Array.isArray(value);

/** A range question that has not been moved yet shows (and keeps) the middle of its scale. */
export function rangeStart(question: WorkbookQuestion): number {
  const range = question.answer.range;
  if (!range) return 0;
  return Math.round((range.min + range.max) / 2);
}

/** True when the question holds something worth keeping: a choice, some words or a value. */
export function hasAnswer(question: WorkbookQuestion, value: WorkbookAnswer | undefined): boolean {
  switch (question.kind) {
    case "instruction":
      return true;
    case "range":
      return typeof value === "number";
    case "select":
      return typeof value === "string" && value !== "";
    case "text":
      return typeof value === "string" && value.trim() !== "";
    case "multi_select":
      return isTextList(value) && value.length > 0;
    case "multi_text":
      return isTextList(value) && value.some((line) => line.trim() !== "");
  }
}

/** What Next says when a required question is still open; null when the member may go on. */
export function missingAnswer(question: WorkbookQuestion, value: WorkbookAnswer | undefined): string | null {
  if (!question.answer.required || hasAnswer(question, value)) return null;
  switch (question.kind) {
    case "select":
      return "Choose one answer to go on.";
    case "multi_select":
      return "Choose at least one answer to go on.";
    case "text":
    case "multi_text":
      return "Write a few words to go on. There are no wrong answers.";
    default:
      return "Answer this question to go on.";
  }
}

/** The answer as it is sent: words trimmed, empty lines of a list left out. */
function cleaned(question: WorkbookQuestion, value: WorkbookAnswer): WorkbookAnswer {
  if (question.kind === "text" && typeof value === "string") return value.trim();
  if (question.kind === "multi_text" && isTextList(value)) return value.map((line) => line.trim()).filter(Boolean);
  return value;
}

/**
 * The body of POST /user/workbook: the answers of the questions that were asked (groups not chosen are left
 * out, spec 001 section 4), without instructions and without optional questions left empty.
 */
export function entryBody(workbook: FlowWorkbook<WorkbookQuestion> & { id: number }, answers: Answers): WorkbookEntryBody {
  const body: Record<string, WorkbookAnswer> = {};
  for (const question of askedQuestions(workbook, answers)) {
    if (question.kind === "instruction") continue;
    const value = answers[question.id];
    if (value === undefined || !hasAnswer(question, value)) continue;
    body[question.id] = cleaned(question, value);
  }
  return { workbook_id: workbook.id, answers: body };
}

/** The server's 422 messages per question: `answers.q3` → q3. Other fields go under "". */
export function answerErrors(errors: Record<string, string[]> | undefined): Record<string, string[]> {
  const byQuestion: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const match = /^answers\.([^.]+)/.exec(field);
    const key = match?.[1] ?? "";
    byQuestion[key] = [...(byQuestion[key] ?? []), ...messages];
  }
  return byQuestion;
}
