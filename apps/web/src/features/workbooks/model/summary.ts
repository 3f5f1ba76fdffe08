import type { WorkbookEntry } from "@serene/contracts";

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

/** An entry's date as "June 3, 2026", in the member's own time zone; "" when it cannot be read. */
export function entryDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : DATE.format(date);
}

/** The answers worth reading back: instructions carry no answer. */
export const readableAnswers = (entry: Pick<WorkbookEntry, "answers">) => entry.answers.filter((answer) => answer.kind !== "instruction");

/** The title of the note a result page saves: the workbook's name and the day it was filled in. */
export const noteTitle = (entry: Pick<WorkbookEntry, "workbook_name" | "created_at">) =>
  `${entry.workbook_name}, ${entryDate(entry.created_at)}`.slice(0, 120);

/** The note's text: each question, then the member's answer as a person reads it (`display`). */
export function noteContent(entry: Pick<WorkbookEntry, "answers">): string {
  return readableAnswers(entry)
    .map((answer) => `${answer.question}\n${answer.display}`)
    .join("\n\n")
    .slice(0, 10_000);
}
