/**
 * How a member moves through a CBT workbook (spec 001 section 4): which workbooks wait for another, which
 * questions are asked once the member chose their groups, and how far along they are. Shared by the server
 * (an entry is checked against the questions that were asked) and the web app (one question at a time).
 */

export interface FlowQuestion {
  id: string;
  /** The question's group; compared case-insensitively with the member's chosen groups. */
  group: string;
}

export interface FlowWorkbook<Q extends FlowQuestion = FlowQuestion> {
  name: string;
  /** Other names it answers to ("Goals" for Setting Goals). */
  aliases: readonly string[];
  /** The index of the question whose answers choose the groups asked afterwards, or null. */
  group_question: number | null;
  questions: readonly Q[];
}

export type FlowAnswer = string | number | readonly string[];

/** Workbooks that open only after another is completed, with the one they wait for. */
export const WORKBOOK_PREREQUISITES: Readonly<Record<string, string>> = {
  "Thought Record Review": "Thought Record",
  "Thought Chain Effect": "Thought Record",
  "Bad Thoughts Destroyer": "Thought Chain Effect",
};

/** The card's tooltip while the workbook it waits for is not completed (spec 001 section 4, verbatim). */
export const notCompletedYet = (workbookName: string) => `Workbook "${workbookName}" not completed yet`;

/**
 * Why a workbook cannot be opened yet, or null when it can: the tooltip naming the workbook to complete first.
 * `completedNames` are the names of the workbooks the member has completed (an entry saved).
 */
export function workbookGate(name: string, completedNames: Iterable<string>): string | null {
  const needed = WORKBOOK_PREREQUISITES[name];
  if (needed === undefined) return null;
  return new Set(completedNames).has(needed) ? null : notCompletedYet(needed);
}

const fold = (value: string) => value.trim().toLocaleLowerCase("en");

/** Setting Goals, also called 'Goals', always keeps its first question's group (spec 001 section 4). */
export function isGoalsWorkbook(workbook: Pick<FlowWorkbook, "name" | "aliases">): boolean {
  return [workbook.name, ...workbook.aliases].some((name) => fold(name) === "goals");
}

/**
 * The groups the member chose: the answers of the workbook's group question, or null while it has none or the
 * question is unanswered (then every question is still ahead).
 */
export function selectedGroups(workbook: FlowWorkbook, answers: Readonly<Record<string, FlowAnswer | undefined>>): string[] | null {
  if (workbook.group_question === null) return null;
  const question = workbook.questions[workbook.group_question];
  const answer = question === undefined ? undefined : answers[question.id];
  if (answer === undefined) return null;
  const values = typeof answer === "string" ? [answer] : typeof answer === "number" ? [] : [...answer];
  const groups = values.map(fold);
  if (isGoalsWorkbook(workbook) && workbook.questions[0]) groups.push(fold(workbook.questions[0].group));
  return groups;
}

/**
 * The questions asked, in order: the group question and those before it always; after it, only questions of a
 * chosen group (case-insensitive). Before the groups are chosen, every question.
 */
export function askedQuestions<Q extends FlowQuestion>(
  workbook: FlowWorkbook<Q>,
  answers: Readonly<Record<string, FlowAnswer | undefined>>,
): Q[] {
  const groups = selectedGroups(workbook, answers);
  if (groups === null || workbook.group_question === null) return [...workbook.questions];
  const chosen = new Set(groups);
  const upTo = workbook.group_question;
  return workbook.questions.filter((question, index) => index <= upTo || chosen.has(fold(question.group)));
}

/** Progress through the questions as a share from 0 to 1: (index + 1) / number of questions. */
export function workbookProgress(index: number, questionCount: number): number {
  if (questionCount <= 0) return 0;
  return Math.min(1, Math.max(0, (index + 1) / questionCount));
}
